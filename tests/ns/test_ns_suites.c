/* The Navier-Stokes suites, registered by one call from tests/test_main.c. */
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

void register_ns_tests(void)
{
    register_ns_stencil_tests();
    register_ns_poisson_tests();
    register_ns_flow_tests();
    register_ns_backend_tests();
    register_ns_input_tests();
    register_ns_png_tests();
    register_ns_program_tests();
#ifndef SWE_WITHOUT_NETCDF
    register_ns_restart_tests();
#endif
    register_ns_cuda_host_tests();
    register_ns_agreement_tests();
#ifdef SWE_WITH_CUDA
    register_ns_cuda_tests();
#endif
#ifdef NS_WITH_CLFFT
    register_ns_opencl_tests();
#endif
#ifdef SWE_WITH_NS_MPI
    register_ns_mpi_program_tests();
#endif
}
