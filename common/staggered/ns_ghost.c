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

/* The axis whose index numbers the batches of a fill along axis: z planes
 * for the x and y ghosts, y rows for the z ghosts. */
static int batch_axis(int axis)
{
    return axis == 2 ? 1 : 2;
}

int ns_ghost_batches(const ns_grid *grid, int axis)
{
    return grid->padded[batch_axis(axis)];
}

/* The ghost cells of axis `axis` in one batch, over the full padded extent
 * of the third axis (filled before, for axes before this one). Neighbour
 * faces are left to the slab next door. */
static void fill_batch(const ns_grid *grid, int axis, int batch, void *field, int what,
                       ns_ghost_apply *apply)
{
    int outer = batch_axis(axis), inner = NS_AXES - axis - outer;
    for (int side = 0; side < 2; ++side) {
        const ns_wall *wall = &grid->wall[2 * axis + side];
        if (wall->kind == NS_NEIGHBOUR) {
            continue;
        }
        real velocity = what < NS_FILL_SCALAR ? (real)wall->velocity[what] : (real)0;
        for (int layer = 0; layer < NS_GHOST; ++layer) {
            ns_ghost_rule rule =
                ns_ghost_rule_for(axis, side, layer, grid->n[axis], wall->kind, what, velocity);
            int ghost = side == 0 ? -1 - layer : grid->n[axis] + layer;
            size_t to = (size_t)(ghost + NS_GHOST) * grid->stride[axis];
            size_t from = (size_t)(rule.source + NS_GHOST) * grid->stride[axis];
            for (int a = 0; a < grid->padded[inner]; ++a) {
                size_t base = (size_t)batch * grid->stride[outer] + (size_t)a * grid->stride[inner];
                apply(field, base + to, base + from, rule);
            }
        }
    }
}

void ns_fill_ghost_batch(const ns_grid *grid, real *field, int what, int axis, int batch)
{
    fill_batch(grid, axis, batch, field, what, apply_real);
}

void ns_fill_ghosts(const ns_grid *grid, real *field, int what)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        for (int batch = 0; batch < ns_ghost_batches(grid, axis); ++batch) {
            fill_batch(grid, axis, batch, field, what, apply_real);
        }
    }
}

void ns_fill_mask_ghosts(const ns_grid *grid, unsigned char *fluid)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        for (int batch = 0; batch < ns_ghost_batches(grid, axis); ++batch) {
            fill_batch(grid, axis, batch, fluid, NS_FILL_MASK, apply_mask);
        }
    }
}
