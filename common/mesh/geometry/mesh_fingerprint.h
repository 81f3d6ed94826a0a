/* FNV-1a (64 bit) hashes: of bytes, and of a mesh as read (its cells'
 * nodes' coordinates in file order), so that a checkpoint or a checksum
 * names the mesh and the state whatever the run's numbering. */
#ifndef SWE_MESH_FINGERPRINT_H
#define SWE_MESH_FINGERPRINT_H

#include "mesh/geometry/mesh.h"

#include <stddef.h>
#include <stdint.h>

#define SWE_FNV_OFFSET UINT64_C(0xcbf29ce484222325)

static inline uint64_t swe_fnv1a(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    for (size_t k = 0; k < size; ++k) {
        hash = (hash ^ bytes[k]) * UINT64_C(0x100000001b3);
    }
    return hash;
}

/* The coordinates of every cell's nodes, cells in file order and each
 * cell's nodes as stored (by (x, y)); run_of_file[k]: the run's number of
 * file triangle k. */
uint64_t swe_mesh_fingerprint(const swe_mesh *mesh, const int *run_of_file);

#endif
