/* shallows-ns: the ns application (incompressible Navier-Stokes), one
 * process; backends/mpi/programs/shallows_ns_mpi.c adds the ranks. */
#include "ns/program/ns_program.h"
#include "run/program.h"

#include <string.h>

typedef struct one_process {
    ns_options options;
    ns_run_report report;
} one_process;

static int run_one_process(void *context, const swe_run_options *run, swe_run_result *result,
                           swe_error *err)
{
    one_process *program = context;
    const ns_options *options = &program->options;
    const ns_backend *backend = ns_backend_find(options->settings.backend);
    const ns_model_files files = ns_model_files_of(options, ns_backend_name(backend));
    ns_model model;
    int status = ns_model_create(&model, options->kase, &options->settings, &files, err);
    if (status == SWE_OK) {
        status = ns_drive(&model, run, NULL, &program->report, err);
        *result = program->report.summary;
    }
    ns_model_destroy(&model);
    return status;
}

static int act(void *context, const swe_run_options *run, swe_error *err)
{
    (void)run;
    return ns_program_act(&((one_process *)context)->options, err);
}

static void print_report(void *context, FILE *stream)
{
    const one_process *program = context;
    ns_print_report(stream, &program->options, &program->report);
}

int main(int argc, char **argv)
{
    static one_process context;
    const swe_program shallows_ns = {.name = "shallows-ns",
                                     .application = &ns_application,
                                     .application_options = &context.options,
                                     .prints = 1,
                                     .backend_prefix = "",
                                     .run = run_one_process,
                                     .act = act,
                                     .print_report = print_report,
                                     .context = &context};
    return swe_program_main(&shallows_ns, argc, argv);
}
