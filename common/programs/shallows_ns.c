/* shallows-ns: the Navier-Stokes program, one process (common/ns/
 * cli/ns_program.h is its body; backends/mpi/ns/ adds the ranks). */
#include "ns/program/ns_program.h"

static int run_one_process(void *context, const ns_options *options, ns_run_report *report,
                           swe_error *err)
{
    (void)context;
    const ns_backend *backend = ns_backend_find(options->settings.backend);
    const ns_model_files files = ns_model_files_of(options, backend->name);
    ns_model model;
    int status = ns_model_create(&model, options->kase, &options->settings, &files, err);
    if (status == SWE_OK) {
        const ns_drive_settings settings = ns_drive_settings_of(options);
        status = ns_drive(&model, &settings, NULL, report, err);
    }
    ns_model_destroy(&model);
    return status;
}

int main(int argc, char **argv)
{
    const ns_program shallows_ns = {
        .name = "shallows-ns", .prints = 1, .backend_prefix = "", .run = run_one_process};
    return ns_program_main(&shallows_ns, argc, argv);
}
