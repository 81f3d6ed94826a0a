/* The triangle solver's suites, registered together by
 * register_mesh_tests (tests/test_suites.h). */
#ifndef SWE_MESH_SUITES_H
#define SWE_MESH_SUITES_H

void register_mesh_reader_tests(void);
void register_mesh_fuzz_tests(void);
void register_mesh_geometry_tests(void);
void register_mesh_solver_tests(void);
void register_mesh_kernel_tests(void);
void register_mesh_model_tests(void);
void register_mesh_validation_tests(void);
void register_mesh_wetdry_tests(void);
void register_mesh_output_tests(void);
void register_mesh_png_tests(void);
void register_mesh_cli_tests(void);
void register_mesh_restart_tests(void);
void register_mesh_radiating_tests(void);
void register_mesh_step_options_tests(void);
/* Every model of the registry against serial. */
void register_mesh_agreement_tests(void);
#ifdef SWE_WITH_OPENMP
void register_mesh_openmp_tests(void);
void register_mesh_omptarget_tests(void); /* only with SWE_WITH_OMPTARGET */
void register_mesh_scatter_tests(void);
#endif
#ifdef SWE_WITH_OPENCL
void register_mesh_opencl_tests(void);
#endif
#ifdef SWE_WITH_CUDA
void register_mesh_cuda_tests(void);
#endif

#endif
