/* shallows: the shallow-water program, one process. `--mesh FILE` anywhere
 * on the line runs the mesh application (common/mesh/program/); otherwise
 * the Cartesian one (common/cartesian/). */
#include "cartesian/model/run.h"
#include "cartesian/program/options.h"
#include "core/float_mode.h"
#include "mesh/program/mesh_program.h"
#include "run/program.h"

static int run_one_process(void *context, const swe_run_options *run, swe_run_result *result,
                           swe_error *err)
{
    (void)run;
    return swe_run(context, result, err);
}

static void print_mesh_help(FILE *stream, const char *program_path)
{
    fprintf(stream,
            "\nTriangle meshes (GMSH .msh): %s --mesh FILE.msh [options]; their options:\n"
            "  %s --mesh FILE.msh --help\n",
            program_path, program_path);
}

int main(int argc, char **argv)
{
    if (argv != NULL && swe_mesh_program_wanted(argc, argv)) {
        return swe_mesh_program_main("shallows", argc, argv);
    }
    swe_set_float_mode(); /* before any thread starts: threads inherit it */
    static swe_options options;
    const swe_program shallows = {.name = "shallows",
                                  .application = &swe_cartesian_application,
                                  .application_options = &options,
                                  .prints = 1,
                                  .backend_prefix = "",
                                  .print_help = print_mesh_help,
                                  .act = swe_cartesian_act,
                                  .run = run_one_process,
                                  .context = &options};
    return swe_program_main(&shallows, argc, argv);
}
