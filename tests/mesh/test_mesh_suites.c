/* Registers every suite of the triangle solver. */
#include "tests/mesh/mesh_suites.h"
#include "tests/test_suites.h"

void register_mesh_tests(void)
{
    register_mesh_reader_tests();
    register_mesh_fuzz_tests();
    register_mesh_geometry_tests();
    register_mesh_solver_tests();
    register_mesh_kernel_tests();
    register_mesh_model_tests();
    register_mesh_validation_tests();
    register_mesh_wetdry_tests();
    register_mesh_output_tests();
    register_mesh_png_tests();
    register_mesh_cli_tests();
    register_mesh_restart_tests();
    register_mesh_radiating_tests();
    register_mesh_step_options_tests();
    register_mesh_agreement_tests();
#ifdef SWE_WITH_OPENMP
    register_mesh_openmp_tests();
    register_mesh_scatter_tests();
#endif
#ifdef SWE_WITH_OMPTARGET
    register_mesh_omptarget_tests();
#endif
#ifdef SWE_WITH_OPENCL
    register_mesh_opencl_tests();
#endif
#ifdef SWE_WITH_CUDA
    register_mesh_cuda_tests();
#endif
}
