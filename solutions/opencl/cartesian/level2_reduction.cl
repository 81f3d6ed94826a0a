/* Level 2 of the OpenCL backend (exercise 07, TODOs 4 and 5): the state
 * stays on the device, which runs the kernels of level 1 and then finds
 * the fastest wave of the new state itself. Each work group strides over
 * the cells and reduces their wave speeds (swe_work_group_max,
 * work_group_max.clh); the host takes the max of the groups' maxima, a
 * few dozen values. */
#include "opencl/cartesian/work_group_max.clh"

/* Max cell wave speed of the interior: work group g writes its maximum to
 * group_max[g]. */
__kernel __attribute__((reqd_work_group_size(SWE_REDUCTION_GROUP, 1, 1))) void
max_wave_speed(int nx, int ny, int stride, __global const real *h, __global const real *hu,
               __global const real *hv, __global real *group_max)
{
    __local real scratch[SWE_REDUCTION_GROUP];
    const size_t cells = (size_t)nx * (size_t)ny;
    real fastest = 0;
    /* BEGIN SOLUTION: (5) visit cells k = get_global_id(0), + get_global_size(0), ... < cells
     * (cell k is (k % nx + 1, k / nx + 1)) and keep the swe_max_speed of their
     * swe_cell_wave_speed */
    for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
        const size_t cell = (k / (size_t)nx + 1) * (size_t)stride + k % (size_t)nx + 1;
        fastest = swe_max_speed(fastest, swe_cell_wave_speed(h[cell], hu[cell], hv[cell]));
    }
    /* END SOLUTION */
    const int item = (int)get_local_id(0);
    const real group_fastest = swe_work_group_max(scratch, item, SWE_REDUCTION_GROUP, fastest);
    if (item == 0) {
        group_max[get_group_id(0)] = group_fastest;
    }
}
