/* --help of the programs: the core's options with their defaults, then
 * the options that the program and each backend declare for themselves. */
#include "run/options.h"

#include <stdio.h>

void swe_options_print_help(const char *program_path, const swe_program_options *program)
{
    printf("usage: %s [options]\n\n"
           "Solves the 2D shallow water equations with finite volumes.\n\n",
           program_path);
    printf("  --scenario NAME     initial and boundary conditions (default radial-dam-break):\n");
    for (int s = 0; s < swe_scenario_count(); ++s) {
        const swe_scenario *scenario = swe_scenario_at(s);
        printf("                        %-18s %s\n", scenario->name, scenario->title);
    }
    printf("  --nx N, --ny N      cells in x and y (default: the scenario's, 500 x 500 for\n"
           "                      radial-dam-break)\n"
           "  --t-end SECONDS     simulated time to reach (default: the scenario's, 20 s for\n"
           "                      radial-dam-break)\n"
           "  --solver NAME       Riemann solver: fwave, hlle, rusanov or augrie (augmented,\n"
           "                      for wet/dry fronts; default fwave)\n"
           "  --manning N         Manning bed friction n in s/m^(1/3), e.g. 0.03 (default\n"
           "                      0: none)\n"
           "  --backend NAME      programming model (default serial; see --list-backends)\n"
           "  --level N           the backend's optimisation level, for backends that\n"
           "                      teach in steps (default: its best)\n"
           "  --cfl C             CFL number in (0, 1]; stable up to 0.5, above it a warning\n"
           "                      (default: the scenario's, 0.5 for radial-dam-break)\n"
           "  --outputs K         snapshots written after the initial one (default 10)\n"
           "  --output PATH       write PATH.nc, PATH_NNNN.vtr, PATH.pvd, PATH_NNNN.png\n"
           "                      (default: the scenario's name)\n"
           "  --format LIST       comma list of netcdf, vtk, png (default netcdf)\n"
           "  --checkpoint-every SECONDS\n"
           "                      write PATH.checkpoint.nc each time the simulated time\n"
           "                      passes a multiple of SECONDS (default: no checkpoints)\n"
           "  --restart FILE      continue the run saved in checkpoint FILE; give the\n"
           "                      same scenario, grid, solver, t-end, cfl, outputs and\n"
           "                      manning; PATH.nc gets every snapshot, the earlier ones\n"
           "                      from the checkpointed run's files\n"
           "  --bathymetry FILE   for --scenario netcdf: bed elevation b(y, x), m, negative\n"
           "                      below sea level, with 1D coordinates x and y (default none)\n"
           "  --displacement FILE\n"
           "                      for --scenario netcdf: initial displacement d(y, x) of the\n"
           "                      sea floor and surface, m, zero outside its extent\n"
           "                      (default none)\n"
           "  --benchmark         no files, timing only\n"
           "  --quiet             no progress lines (errors still print)\n"
           "  --list-backends     list the backends built into this binary\n"
           "  --version           print the version and build configuration\n"
           "  --help              print this help\n");
    swe_extra_options_print_help(program);
    printf("\nEvery run ends with a line 'summary: backend=... cell_updates_per_s=...'.\n"
           "Exit codes: 0 success, 1 the run failed, 2 bad input.\n");
}
