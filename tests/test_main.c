/* Runs the CUnit suites: shallows-tests --program PATH [--suite NAME]
 * [--skip NAME,NAME...]. A skipped suite is named in the output, so that
 * no run looks complete that is not. */
#include "tests/test_suites.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program_path = "build/single/shallows";

const char *swe_test_program(void)
{
    return program_path;
}

void swe_test_require_registered(const void *pointer, const char *what)
{
    if (pointer == NULL) {
        fprintf(stderr, "cannot register %s: %s\n", what, CU_get_error_msg());
        exit(1);
    }
}

/* Leaves out each suite of the comma-separated list; 0, or 2 (after
 * saying so) where one has no such suite. */
static int skip_suites(const char *list)
{
    char names[1024];
    if (strlen(list) >= sizeof names) {
        fprintf(stderr, "--skip: the list is too long\n");
        return 2;
    }
    strcpy(names, list);
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name != NULL;
         name = strtok_r(NULL, ",", &save)) {
        CU_pSuite suite = CU_get_suite(name);
        if (suite == NULL || CU_set_suite_active(suite, CU_FALSE) != CUE_SUCCESS) {
            fprintf(stderr, "--skip: no suite called '%s'\n", name);
            return 2;
        }
        printf("suite %s skipped (--skip)\n", name);
    }
    CU_set_fail_on_inactive(CU_FALSE);
    return 0;
}

int main(int argc, char **argv)
{
    const char *suite_name = NULL;
    const char *skipped = NULL;
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--program") == 0 && a + 1 < argc) {
            program_path = argv[++a];
        } else if (strcmp(argv[a], "--suite") == 0 && a + 1 < argc) {
            suite_name = argv[++a];
        } else if (strcmp(argv[a], "--skip") == 0 && a + 1 < argc) {
            skipped = argv[++a];
        } else {
            fprintf(stderr, "usage: %s [--program PATH] [--suite NAME] [--skip NAME,NAME...]\n",
                    argv[0]);
            return 2;
        }
    }
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "cannot initialise CUnit: %s\n", CU_get_error_msg());
        return 1;
    }
    register_riemann_tests();
    register_cell_values_tests();
    register_zero_numerator_tests();
#ifndef SWE_PRECISION_DOUBLE
    register_float_mode_tests();
#endif
    register_augrie_tests();
    register_balance_tests();
    register_driver_tests();
    register_backend_contract_tests();
    register_serial_tests();
    register_cli_tests();
#ifndef SWE_WITHOUT_NETCDF
    register_netcdf_tests();
#endif
    register_dam_break_exact_tests();
#ifdef SWE_WITH_OPENMP
    register_openmp_tests();
#endif
#ifdef SWE_WITH_PTHREADS
    register_pthreads_tests();
#endif
#ifdef SWE_WITH_OMPTARGET
    register_omptarget_tests();
#endif
    register_validation_tests();
    register_friction_tests();
    register_vtk_tests();
#ifndef SWE_WITHOUT_PNG
    register_png_tests();
#endif
#ifndef SWE_WITHOUT_NETCDF
    register_checkpoint_tests();
    register_netcdf_input_tests();
    register_cf_input_tests();
    register_geographic_tests();
    register_cf_output_tests();
#endif
#ifdef SWE_WITH_CUDA
    register_cuda_tests();
#endif
#ifdef SWE_WITH_OPENCL
    register_opencl_tests();
#endif
    register_block_grid_tests();
    register_child_task_tests();
    register_guard_tests();
#ifndef SWE_WITHOUT_NETCDF
    register_fault_input_tests();
    register_fault_checkpoint_tests();
    register_fault_output_tests();
    register_fault_kill_tests();
#endif
    register_agreement_tests();
    register_bench_verify_tests();
#ifdef SWE_WITH_NS
    register_ns_tests();
#endif
    register_mesh_tests();
#if defined(SWE_WITH_MPI) && !defined(SWE_WITHOUT_NETCDF)
    register_mpi_cli_tests();
    register_mesh_mpi_cli_tests();
#endif

    if (skipped != NULL && skip_suites(skipped) != 0) {
        CU_cleanup_registry();
        return 2;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_ErrorCode run_status;
    if (suite_name != NULL) {
        CU_pSuite suite = CU_get_suite(suite_name);
        if (suite == NULL) {
            fprintf(stderr, "no suite called '%s'\n", suite_name);
            CU_cleanup_registry();
            return 2;
        }
        run_status = CU_basic_run_suite(suite);
    } else {
        run_status = CU_basic_run_tests();
    }
    unsigned failed = CU_get_number_of_tests_failed();
    unsigned run = CU_get_number_of_tests_run();
    unsigned suites_failed = CU_get_number_of_suites_failed();
    printf("\n%s: %u passed, %u failed\n", SWE_PRECISION_NAME, run - failed, failed);
    CU_cleanup_registry();
    return (run_status != CUE_SUCCESS || failed > 0 || suites_failed > 0 || run == 0) ? 1 : 0;
}
