/* The staggered (MAC) grid of the Navier-Stokes application: n[0] x n[1] x
 * n[2] pressure cells of size h, with NS_GHOST ghost layers on every side
 * (QUICK reaches two cells upstream). Every field has the same padded
 * shape, x fastest: p of cell (i, j, k) is at its centre, u at its east
 * face (i + 1/2), v at its north face (j + 1/2), w at its top face
 * (k + 1/2), as Costarelli et al. n.d. store u_{i+1/2} under index i. Each
 * of the six faces of the domain is periodic (then so is the opposite one)
 * or a wall: no-slip (with a velocity of its own: the moving lid) or
 * free-slip; in a run over several processes (MPI) a face between two slabs
 * is a neighbour face, whose ghost layers the slab next door fills. */
#ifndef NS_GRID_H
#define NS_GRID_H

#include "core/real.h"

enum { NS_GHOST = 2, NS_AXES = 3 };

enum ns_face { NS_WEST, NS_EAST, NS_SOUTH, NS_NORTH, NS_BOTTOM, NS_TOP, NS_FACES };

enum ns_wall_kind { NS_PERIODIC, NS_NO_SLIP, NS_FREE_SLIP, NS_NEIGHBOUR };

/* The geometry a kernel needs, by value (C, CUDA and OpenCL C: an OpenCL
 * kernel takes it as an argument, so its layout is the host's). */
typedef struct ns_geometry {
    int n[NS_AXES];
    long stride[NS_AXES];
    real inv_h[NS_AXES];
} ns_geometry;

/* What follows is the host's (C and CUDA): OpenCL C has no variadic
 * error function and need not have double precision. */
#if !defined(__OPENCL_VERSION__)
#include "core/error.h"

#include <stddef.h>

typedef struct ns_wall {
    enum ns_wall_kind kind;
    double velocity[NS_AXES]; /* a no-slip wall's own velocity; only its tangential part counts */
} ns_wall;

typedef struct ns_grid {
    int n[NS_AXES];         /* cells per axis */
    double h[NS_AXES];      /* cell size per axis, m */
    ns_wall wall[NS_FACES]; /* west, east, south, north, bottom, top */
    int padded[NS_AXES];    /* n + 2 NS_GHOST */
    size_t stride[NS_AXES]; /* 1, padded x, padded x * padded y */
    size_t cells;           /* padded cells: the length of every field */
} ns_grid;

/* Fills grid from cells and domain lengths; every argument is checked:
 * SWE_ERROR_USAGE names the bad one (fewer than 2 cells on an axis, a
 * length that is not positive and finite, a periodic face whose opposite
 * is a wall, a grid whose fields do not fit in size_t). A neighbour face
 * may face anything. */
int ns_grid_init(ns_grid *grid, const int n[NS_AXES], const double length[NS_AXES],
                 const ns_wall wall[NS_FACES], swe_error *err);

/* The slab of planes z_offset .. z_offset + planes - 1 of whole: the same
 * cells, sizes and walls, but for the faces towards other slabs (lower:
 * the bottom face, upper: the top face, when nonzero), which become
 * neighbour faces. SWE_ERROR_USAGE for a slab of fewer planes than the
 * ghost layers or outside whole. */
int ns_grid_slab(const ns_grid *whole, int z_offset, int planes, int lower, int upper,
                 ns_grid *slab, swe_error *err);

/* Interior cells n[0] n[1] n[2]. */
size_t ns_grid_interior_cells(const ns_grid *grid);

/* True when both faces of axis are periodic. */
int ns_grid_periodic(const ns_grid *grid, int axis);

ns_geometry ns_grid_geometry(const ns_grid *grid);

/* Padded index of cell (i, j, k), -NS_GHOST <= i < n + NS_GHOST. */
static inline size_t ns_index(const ns_grid *grid, int i, int j, int k)
{
    return (size_t)(k + NS_GHOST) * grid->stride[2] + (size_t)(j + NS_GHOST) * grid->stride[1] +
           (size_t)(i + NS_GHOST);
}

#endif /* !__OPENCL_VERSION__ */

#endif
