#include "ns/grid/ns_ghost.h"

#include "ns/grid/ns_boundary.h"

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

/* The mask's ghost cells along axis in one batch: copies across periodic
 * faces, 0 behind walls. */
static void fill_mask_batch(const ns_grid *grid, int axis, int batch, unsigned char *fluid)
{
    int outer = batch_axis(axis), inner = NS_AXES - axis - outer;
    for (int side = 0; side < 2; ++side) {
        const ns_wall *wall = &grid->wall[2 * axis + side];
        if (wall->kind == NS_NEIGHBOUR) {
            continue;
        }
        for (int layer = 0; layer < NS_GHOST; ++layer) {
            ns_ghost_rule rule =
                ns_ghost_rule_for(axis, side, layer, grid->n[axis], wall->kind, NS_FILL_MASK, 0);
            int ghost = side == 0 ? -1 - layer : grid->n[axis] + layer;
            for (int a = 0; a < grid->padded[inner]; ++a) {
                size_t base = (size_t)batch * grid->stride[outer] + (size_t)a * grid->stride[inner];
                unsigned char source =
                    fluid[base + (size_t)(rule.source + NS_GHOST) * grid->stride[axis]];
                fluid[base + (size_t)(ghost + NS_GHOST) * grid->stride[axis]] =
                    rule.sign != (real)0 ? source : 0;
            }
        }
    }
}

/* The ghost cells of axis `axis` in one batch, over the full padded extent
 * of the third axis (filled before, for axes before this one); neighbour
 * faces are left to the slab next door. A plain loop per ghost layer: the
 * y and z ghosts run along x (stride 1) and vectorise. */
void ns_fill_ghost_batch(const ns_grid *grid, real *field, int what, int axis, int batch)
{
    int outer = batch_axis(axis), inner = NS_AXES - axis - outer;
    size_t step = grid->stride[inner];
    real *base = field + (size_t)batch * grid->stride[outer];
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
            real *to = base + (size_t)(ghost + NS_GHOST) * grid->stride[axis];
            const real *from = base + (size_t)(rule.source + NS_GHOST) * grid->stride[axis];
            for (int a = 0; a < grid->padded[inner]; ++a) {
                to[(size_t)a * step] = rule.sign * from[(size_t)a * step] + rule.offset;
            }
        }
    }
}

void ns_fill_ghosts(const ns_grid *grid, real *field, int what)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        for (int batch = 0; batch < ns_ghost_batches(grid, axis); ++batch) {
            ns_fill_ghost_batch(grid, field, what, axis, batch);
        }
    }
}

void ns_fill_mask_ghosts(const ns_grid *grid, unsigned char *fluid)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        for (int batch = 0; batch < ns_ghost_batches(grid, axis); ++batch) {
            fill_mask_batch(grid, axis, batch, fluid);
        }
    }
}
