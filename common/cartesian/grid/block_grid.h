/* The split of a domain of nx x ny cells into a grid of blocks_x x
 * blocks_y blocks, one per MPI rank (the coarse grain). Block index b lies
 * at column b % blocks_x, row b / blocks_x (x fastest, like the cells).
 * Cells are shared out as evenly as possible: along x the first
 * nx % blocks_x columns of blocks get one cell more, likewise along y. */
#ifndef SWE_BLOCK_GRID_H
#define SWE_BLOCK_GRID_H

#include "cartesian/grid/block.h"

typedef struct swe_block_grid {
    int nx, ny;             /* cells of the whole domain */
    int blocks_x, blocks_y; /* blocks along x and y */
} swe_block_grid;

/* Where one block lies: its first cell (0-based) and its size. */
typedef struct swe_block_extent {
    int first_i, first_j;
    int nx, ny;
} swe_block_extent;

/* Chooses blocks_x * blocks_y = block_count for nx x ny cells so that every
 * block has at least one cell and the cut between blocks (the cells that
 * travel between ranks) is shortest; ties go to more blocks along x.
 * Unlike MPI_Dims_create this follows the grid's aspect ratio and never
 * leaves a block without cells. SWE_ERROR_USAGE when block_count exceeds
 * the cells. */
int swe_block_grid_choose(int nx, int ny, int block_count, swe_block_grid *grid, swe_error *err);

int swe_block_grid_count(const swe_block_grid *grid);

/* The extent of block index (0 .. count-1). */
swe_block_extent swe_block_grid_extent(const swe_block_grid *grid, int index);

/* The index of the block beyond edge of block index, or -1 where the edge
 * is the domain's boundary. */
int swe_block_grid_neighbour(const swe_block_grid *grid, int index, enum swe_edge edge);

#endif
