#include "mesh/geometry/mesh_fingerprint.h"

uint64_t swe_mesh_fingerprint(const swe_mesh *mesh, const int *run_of_file)
{
    uint64_t hash = SWE_FNV_OFFSET;
    if (mesh == NULL || run_of_file == NULL) {
        return hash;
    }
    hash = swe_fnv1a(hash, &mesh->cell_count, sizeof mesh->cell_count);
    for (int k = 0; k < mesh->cell_count; ++k) {
        const int *nodes = mesh->cell_node + 3 * (size_t)run_of_file[k];
        for (int corner = 0; corner < 3; ++corner) {
            hash = swe_fnv1a(hash, &mesh->node_x[nodes[corner]], sizeof(double));
            hash = swe_fnv1a(hash, &mesh->node_y[nodes[corner]], sizeof(double));
        }
    }
    return hash;
}
