#include "ns/grid/ns_grid.h"

#include <math.h>
#include <stdint.h>

static const char *const axis_names = "xyz";

static int check_walls(const ns_wall wall[NS_FACES], swe_error *err)
{
    static const char *const face_names[NS_FACES] = {"west",  "east",   "south",
                                                     "north", "bottom", "top"};
    for (int face = 0; face < NS_FACES; ++face) {
        if (wall[face].kind != NS_PERIODIC && wall[face].kind != NS_NO_SLIP &&
            wall[face].kind != NS_FREE_SLIP && wall[face].kind != NS_NEIGHBOUR) {
            return swe_fail(err, SWE_ERROR_USAGE, "the %s boundary has an unknown kind (%d)",
                            face_names[face], (int)wall[face].kind);
        }
        for (int c = 0; c < NS_AXES; ++c) {
            if (!isfinite(wall[face].velocity[c])) {
                return swe_fail(err, SWE_ERROR_USAGE, "the %s wall's velocity is not finite",
                                face_names[face]);
            }
        }
    }
    for (int axis = 0; axis < NS_AXES; ++axis) {
        enum ns_wall_kind low = wall[2 * axis].kind, high = wall[2 * axis + 1].kind;
        if (low != NS_NEIGHBOUR && high != NS_NEIGHBOUR &&
            (low == NS_PERIODIC) != (high == NS_PERIODIC)) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the %s and %s boundaries must both be periodic or both walls",
                            face_names[2 * axis], face_names[2 * axis + 1]);
        }
    }
    return SWE_OK;
}

int ns_grid_init(ns_grid *grid, const int n[NS_AXES], const double length[NS_AXES],
                 const ns_wall wall[NS_FACES], swe_error *err)
{
    if (grid == NULL || n == NULL || length == NULL || wall == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: ns_grid_init needs all arguments");
    }
    double padded_cells = 1.0;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        if (n[axis] < 2) {
            return swe_fail(err, SWE_ERROR_USAGE, "%d cells along %c: need at least 2", n[axis],
                            axis_names[axis]);
        }
        if (!(length[axis] > 0.0) || !isfinite(length[axis])) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the domain length along %c must be positive and finite, not %g",
                            axis_names[axis], length[axis]);
        }
        padded_cells *= (double)n[axis] + 2.0 * NS_GHOST;
    }
    if (padded_cells * 8.0 * sizeof(real) > (double)SIZE_MAX / 2 ||
        padded_cells > (double)INT32_MAX * 64) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d x %d x %d cells do not fit in this machine's address space", n[0], n[1],
                        n[2]);
    }
    int status = check_walls(wall, err);
    if (status != SWE_OK) {
        return status;
    }
    size_t stride = 1;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        grid->n[axis] = n[axis];
        grid->h[axis] = length[axis] / n[axis];
        grid->padded[axis] = n[axis] + 2 * NS_GHOST;
        grid->stride[axis] = stride;
        stride *= (size_t)grid->padded[axis];
    }
    grid->cells = stride;
    for (int face = 0; face < NS_FACES; ++face) {
        grid->wall[face] = wall[face];
    }
    return SWE_OK;
}

int ns_grid_slab(const ns_grid *whole, int z_offset, int planes, int lower, int upper,
                 ns_grid *slab, swe_error *err)
{
    if (whole == NULL || slab == NULL || z_offset < 0 || z_offset + planes > whole->n[2]) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a slab lies within its grid");
    }
    if (planes < NS_GHOST) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "a slab of %d plane(s) along z: every process needs at least %d of the "
                        "%d (use fewer processes or more cells)",
                        planes, NS_GHOST, whole->n[2]);
    }
    *slab = *whole;
    slab->n[2] = planes;
    slab->padded[2] = planes + 2 * NS_GHOST;
    slab->cells = slab->stride[2] * (size_t)slab->padded[2];
    if (lower) {
        slab->wall[NS_BOTTOM].kind = NS_NEIGHBOUR;
    }
    if (upper) {
        slab->wall[NS_TOP].kind = NS_NEIGHBOUR;
    }
    return SWE_OK;
}

size_t ns_grid_interior_cells(const ns_grid *grid)
{
    return (size_t)grid->n[0] * (size_t)grid->n[1] * (size_t)grid->n[2];
}

int ns_grid_periodic(const ns_grid *grid, int axis)
{
    return grid->wall[2 * axis].kind == NS_PERIODIC;
}

ns_geometry ns_grid_geometry(const ns_grid *grid)
{
    ns_geometry geometry;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        geometry.n[axis] = grid->n[axis];
        geometry.stride[axis] = (long)grid->stride[axis];
        geometry.inv_h[axis] = (real)(1.0 / grid->h[axis]);
    }
    return geometry;
}
