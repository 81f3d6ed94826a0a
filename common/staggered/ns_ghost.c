#include "staggered/ns_ghost.h"

#include "staggered/ns_boundary.h"

typedef void ns_ghost_apply(void *field, size_t ghost, size_t source, ns_ghost_rule rule);

static void apply_real(void *field, size_t ghost, size_t source, ns_ghost_rule rule)
{
    real *values = field;
    values[ghost] = rule.sign * values[source] + rule.offset;
}

static void apply_mask(void *field, size_t ghost, size_t source, ns_ghost_rule rule)
{
    unsigned char *fluid = field;
    fluid[ghost] = rule.sign != (real)0 ? fluid[source] : 0;
}

/* Every ghost cell of axis `axis`, over the full padded extent of the
 * other two axes (filled before, for axes before this one). */
static void fill_axis(const ns_grid *grid, int axis, void *field, int what, ns_ghost_apply *apply)
{
    int a1 = (axis + 1) % NS_AXES, a2 = (axis + 2) % NS_AXES;
    for (int side = 0; side < 2; ++side) {
        const ns_wall *wall = &grid->wall[2 * axis + side];
        real velocity = what < NS_FILL_SCALAR ? (real)wall->velocity[what] : (real)0;
        for (int layer = 0; layer < NS_GHOST; ++layer) {
            ns_ghost_rule rule =
                ns_ghost_rule_for(axis, side, layer, grid->n[axis], wall->kind, what, velocity);
            int ghost = side == 0 ? -1 - layer : grid->n[axis] + layer;
            for (int b = 0; b < grid->padded[a2]; ++b) {
                for (int a = 0; a < grid->padded[a1]; ++a) {
                    size_t base = (size_t)a * grid->stride[a1] + (size_t)b * grid->stride[a2];
                    apply(field, base + (size_t)(ghost + NS_GHOST) * grid->stride[axis],
                          base + (size_t)(rule.source + NS_GHOST) * grid->stride[axis], rule);
                }
            }
        }
    }
}

void ns_fill_ghosts(const ns_grid *grid, real *field, int what)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        fill_axis(grid, axis, field, what, apply_real);
    }
}

void ns_fill_mask_ghosts(const ns_grid *grid, unsigned char *fluid)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        fill_axis(grid, axis, fluid, NS_FILL_MASK, apply_mask);
    }
}
