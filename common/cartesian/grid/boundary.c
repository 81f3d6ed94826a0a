#include "cartesian/grid/boundary.h"

_Static_assert(SWE_EDGE_BIT_LEFT == 1 << SWE_EDGE_LEFT &&
                   SWE_EDGE_BIT_RIGHT == 1 << SWE_EDGE_RIGHT &&
                   SWE_EDGE_BIT_BOTTOM == 1 << SWE_EDGE_BOTTOM &&
                   SWE_EDGE_BIT_TOP == 1 << SWE_EDGE_TOP,
               "edge bits follow enum swe_edge");

void swe_boundary_masks(const swe_block *block, int *wall_edges, int *derived_edges)
{
    *wall_edges = 0;
    *derived_edges = 0;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        const enum swe_boundary type = block->boundary[edge];
        *wall_edges |= type == SWE_BOUNDARY_WALL ? 1 << edge : 0;
        *derived_edges |= type != SWE_BOUNDARY_CONNECT ? 1 << edge : 0;
    }
}

void swe_set_boundary_layers(swe_block *block)
{
    if (block == NULL || block->h == NULL) {
        return;
    }
    int wall_edges, derived_edges;
    swe_boundary_masks(block, &wall_edges, &derived_edges);
    const int longest = block->nx > block->ny ? block->nx : block->ny;
    for (int k = 1; k <= longest; ++k) {
        swe_fill_ghosts(block->h, block->hu, block->hv, block->b, block->nx, block->ny,
                        block->stride, wall_edges, derived_edges, k);
    }
}
