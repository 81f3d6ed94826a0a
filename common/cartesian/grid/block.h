/* The block: a rectangle of nx x ny cells with one ghost layer on each side,
 * holding h, hu, hv and the bathymetry b as separate arrays. Cell (i, j),
 * 0 <= i < nx+2, 0 <= j < ny+2, lives at j*(nx+2) + i (x fastest); the
 * interior is 1..nx, 1..ny. */
#ifndef SWE_BLOCK_H
#define SWE_BLOCK_H

#include "core/error.h"
#include "core/real.h"

#include <stddef.h>

enum swe_edge { SWE_EDGE_LEFT = 0, SWE_EDGE_RIGHT, SWE_EDGE_BOTTOM, SWE_EDGE_TOP, SWE_EDGE_COUNT };

enum swe_boundary {
    SWE_BOUNDARY_WALL = 0, /* reflecting: normal momentum mirrored */
    SWE_BOUNDARY_OUTFLOW,  /* transmissive: values copied outwards */
    SWE_BOUNDARY_CONNECT   /* ghost layer filled from a neighbour block */
};

struct swe_cartesian_backend;

typedef struct swe_block {
    int nx, ny;           /* interior cells */
    int stride;           /* nx + 2: distance between rows */
    real dx, dy;          /* cell size, metres */
    double x0, y0;        /* lower-left corner of the whole domain, metres */
    double width, height; /* extent of the whole domain, metres */
    /* A block may be one part of a larger grid (MPI: one per rank): its
     * interior cell (1, 1) is cell (first_i, first_j) of a domain of
     * domain_nx x domain_ny cells (0-based). A whole block: 0, 0, nx, ny. */
    int first_i, first_j;
    int domain_nx, domain_ny;
    real *h, *hu, *hv, *b; /* host arrays of (nx+2)*(ny+2) values */
    enum swe_boundary boundary[SWE_EDGE_COUNT];
    const struct swe_cartesian_backend *backend;
    void *ext; /* the backend's own fields */
} swe_block;

/* Index of cell (i, j) in a block's arrays, ghost cells included. */
#define SWE_INDEX(block, i, j) ((size_t)(j) * (size_t)(block)->stride + (size_t)(i))

/* Allocates the four host arrays (zeroed) for nx x ny cells covering
 * [x0, x0 + nx*dx] x [y0, y0 + ny*dy]; all edges start as walls. */
int swe_block_create(swe_block *block, int nx, int ny, double x0, double y0, double width,
                     double height, swe_error *err);
/* Allocates the part of nx x ny cells that starts at cell (first_i,
 * first_j) of a domain of domain_nx x domain_ny cells covering [x0, x0 +
 * width] x [y0, y0 + height]. Cell sizes and centres are computed from the
 * whole domain, so they are bit for bit those of the whole block. Edges
 * inside the domain start as CONNECT, edges on its boundary as walls. */
int swe_block_create_part(swe_block *block, int domain_nx, int domain_ny, int first_i, int first_j,
                          int nx, int ny, double x0, double y0, double width, double height,
                          swe_error *err);
void swe_block_destroy(swe_block *block);

/* Number of values in each array, ghost cells included. */
size_t swe_block_size(const swe_block *block);

/* Whether a and b have the same shape and the same bits of h, hu, hv and b
 * in every interior cell (ghost cells are not compared): how restarts,
 * gathered files and backends are checked against each other. */
int swe_block_interiors_equal(const swe_block *a, const swe_block *b);

/* Centre of interior cell i (1..nx) or j (1..ny). */
double swe_block_cell_x(const swe_block *block, int i);
double swe_block_cell_y(const swe_block *block, int j);

/* Total water volume of the interior, m^3, summed in double. */
double swe_block_volume(const swe_block *block);

#endif
