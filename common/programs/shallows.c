/* shallows: the command-line program, one process. `--mesh FILE` anywhere
 * on the line makes it a triangle run (common/mesh/program/); otherwise
 * it runs the Cartesian blocks (common/cartesian/). */
#include "cartesian/model/run.h"
#include "cartesian/program/program.h"
#include "mesh/program/mesh_program.h"

static int run_one_process(void *context, const swe_options *options, swe_run_result *result,
                           swe_error *err)
{
    (void)context;
    return swe_run(options, result, err);
}

static void print_triangle_help(FILE *stream, const char *program_path)
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
    const swe_program shallows = {.name = "shallows",
                                  .prints = 1,
                                  .backend_prefix = "",
                                  .backends_label = "backends",
                                  .print_help = print_triangle_help,
                                  .run = run_one_process};
    return swe_program_main(&shallows, argc, argv);
}
