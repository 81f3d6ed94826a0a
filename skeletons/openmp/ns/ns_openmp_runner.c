/* Reference OpenMP runner of the Navier-Stokes CPU verbs. Every plane
 * writes only its own cells (and its own partial sum), so the planes are
 * independent and any thread may take any of them; the results do not
 * depend on which thread did which plane. */
#include "backends/openmp/ns/ns_openmp_runner.h"

void ns_openmp_run_planes(int count, ns_plane_body *body, void *context, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int plane = 0; plane < count; ++plane) {
        body(context, plane);
    }
}
