/* A build without METIS (libmetis-dev missing): --partition rcb (the
 * default) and random still work; METIS is refused with what to install. */
#include "mesh/partition/mesh_partition.h"

int swe_mesh_partition_have_metis(void)
{
    return 0;
}

int swe_mesh_partition_metis(const swe_mesh_dual_graph *graph, int parts, unsigned long long seed,
                             int *part, swe_error *err)
{
    (void)graph;
    (void)parts;
    (void)seed;
    (void)part;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this build has no METIS: install libmetis-dev (make deps) and rebuild, or "
                    "use --partition rcb");
}
