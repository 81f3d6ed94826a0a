/* shallows: the command-line program, one process. */
#include "cartesian/program.h"
#include "cartesian/run.h"

static int run_one_process(void *context, const swe_options *options, swe_run_result *result,
                           swe_error *err)
{
    (void)context;
    return swe_run(options, result, err);
}

int main(int argc, char **argv)
{
    const swe_program shallows = {.name = "shallows",
                                  .prints = 1,
                                  .backend_prefix = "",
                                  .backends_label = "backends",
                                  .run = run_one_process};
    return swe_program_main(&shallows, argc, argv);
}
