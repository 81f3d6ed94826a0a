/* The CUnit suites of shallows and the helpers they share. */
#ifndef SWE_TEST_SUITES_H
#define SWE_TEST_SUITES_H

#include "core/real.h"

void register_riemann_tests(void);
void register_cell_values_tests(void);
void register_zero_numerator_tests(void);
void register_float_mode_tests(void);
void register_augrie_tests(void);
void register_balance_tests(void);
void register_agreement_tests(void);
void register_bench_verify_tests(void);
void register_driver_tests(void);
void register_backend_contract_tests(void);
void register_serial_tests(void);
void register_cli_tests(void);
void register_netcdf_tests(void);
void register_dam_break_exact_tests(void);
void register_openmp_tests(void);
void register_pthreads_tests(void);  /* only with SWE_WITH_PTHREADS */
void register_omptarget_tests(void); /* only with SWE_WITH_OMPTARGET */
void register_validation_tests(void);
void register_friction_tests(void);
void register_vtk_tests(void);
void register_png_tests(void);
void register_checkpoint_tests(void);
void register_netcdf_input_tests(void);
void register_cf_input_tests(void);
void register_geographic_tests(void);
void register_cf_output_tests(void);
void register_cuda_tests(void); /* only with SWE_WITH_CUDA */
#ifdef SWE_WITH_OPENCL
void register_opencl_tests(void);
#endif
void register_block_grid_tests(void);
void register_child_task_tests(void);
void register_guard_tests(void);
void register_fault_input_tests(void);      /* with NetCDF */
void register_fault_checkpoint_tests(void); /* with NetCDF */
void register_fault_output_tests(void);     /* with NetCDF */
void register_fault_kill_tests(void);       /* with NetCDF */
void register_mpi_cli_tests(void);
/* shallows-mpi --mesh through mpirun (tests/mesh/mpi/cli/). */
void register_mesh_mpi_cli_tests(void);
void register_ns_tests(void);   /* Navier-Stokes, only with SWE_WITH_NS (FFTW) */
void register_mesh_tests(void); /* the triangle solver's suites, tests/mesh/ */

/* Path of the shallows binary under test (--program). */
const char *swe_test_program(void);

/* Round-off scale of the build's precision, for tolerances. */
#ifdef SWE_PRECISION_DOUBLE
#define SWE_TEST_EPSILON 2.2e-16
#else
#define SWE_TEST_EPSILON 1.2e-7
#endif

/* Fails the suite registration loudly: a suite that is not registered
 * would otherwise pass by running nothing. */
void swe_test_require_registered(const void *pointer, const char *what);

#endif
