#include "cartesian/grid/copy_layer.h"

int swe_copy_layer_length(const swe_block *block, enum swe_edge edge)
{
    return edge == SWE_EDGE_LEFT || edge == SWE_EDGE_RIGHT ? block->ny : block->nx;
}

enum swe_edge swe_opposite_edge(enum swe_edge edge)
{
    static const enum swe_edge opposite[SWE_EDGE_COUNT] = {SWE_EDGE_RIGHT, SWE_EDGE_LEFT,
                                                           SWE_EDGE_TOP, SWE_EDGE_BOTTOM};
    return opposite[edge];
}

swe_layer_position swe_layer_position_of(const swe_block *block, enum swe_edge edge, int depth)
{
    swe_layer_position position = {0, 1, swe_copy_layer_length(block, edge)};
    switch (edge) {
    case SWE_EDGE_LEFT:
        position.first = SWE_INDEX(block, depth, 1);
        position.step = (size_t)block->stride;
        break;
    case SWE_EDGE_RIGHT:
        position.first = SWE_INDEX(block, block->nx + 1 - depth, 1);
        position.step = (size_t)block->stride;
        break;
    case SWE_EDGE_BOTTOM:
        position.first = SWE_INDEX(block, 1, depth);
        break;
    default:
        position.first = SWE_INDEX(block, 1, block->ny + 1 - depth);
        break;
    }
    return position;
}

int swe_check_layer_arguments(const swe_block *block, enum swe_edge edge, const real *buffer,
                              swe_error *err)
{
    if (block == NULL || block->h == NULL || buffer == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: layer copy needs a block and buffer");
    }
    if ((int)edge < 0 || edge >= SWE_EDGE_COUNT) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: edge %d does not exist", (int)edge);
    }
    return SWE_OK;
}

int swe_host_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    int status = swe_check_layer_arguments(block, edge, buffer, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_COPY_LAYER_DEPTH);
    const real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        real *out = buffer + (size_t)f * (size_t)layer.length;
        for (int c = 0; c < layer.length; ++c) {
            out[c] = fields[f][layer.first + (size_t)c * layer.step];
        }
    }
    return SWE_OK;
}

int swe_host_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                                swe_error *err)
{
    int status = swe_check_layer_arguments(block, edge, buffer, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_GHOST_LAYER_DEPTH);
    real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        const real *in = buffer + (size_t)f * (size_t)layer.length;
        for (int c = 0; c < layer.length; ++c) {
            fields[f][layer.first + (size_t)c * layer.step] = in[c];
        }
    }
    return SWE_OK;
}
