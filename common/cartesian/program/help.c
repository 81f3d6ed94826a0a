/* --help of the programs: the core's options with their defaults, then
 * the options that the program and each backend declare for themselves. */
#include "cartesian/program/options.h"

#include <stdio.h>

void swe_options_print_help(const char *program_path, const swe_program_options *program)
{
    printf("usage: %s [options]\n\n"
           "Solves the 2D shallow water equations with finite volumes.\n\n",
           program_path);
    printf("  -s, --scenario NAME initial and boundary conditions (default radial-dam-break):\n");
    for (int s = 0; s < swe_scenario_count(); ++s) {
        const swe_scenario *scenario = swe_scenario_at(s);
        printf("                        %-18s %s\n", scenario->name, scenario->title);
    }
    printf("  --nx N, --ny N      cells in x and y (default: the scenario's, 500 x 500 for\n"
           "                      radial-dam-break)\n"
           "  -t, --t-end SECONDS simulated time to reach (default: the scenario's, 20 s for\n"
           "                      radial-dam-break)\n"
           "  --solver NAME       Riemann solver: fwave, hlle, rusanov or augrie (augmented,\n"
           "                      for wet/dry fronts; default fwave)\n"
           "  --manning N         Manning bed friction n in s/m^(1/3), e.g. 0.03 (default\n"
           "                      0: none)\n"
           "  -b, --backend NAME  programming model (default serial; see --list-backends)\n"
           "  --level N           the backend's optimisation level, for backends that\n"
           "                      teach in steps (default: its best)\n"
           "  --cfl C             CFL number in (0, 1]; stable up to 0.5, above it a warning\n"
           "                      (default: the scenario's, 0.5 for radial-dam-break)\n"
           "  --outputs K         snapshots written after the initial one (default 10)\n"
           "  -o, --output PATH   write PATH.nc, PATH_NNNN.vtr, PATH.pvd, PATH_NNNN.png; a\n"
           "                      name ending in .nc, .pvd or .png means the same PATH\n"
           "                      (default: the scenario's name)\n"
           "  -f, --format LIST   comma list of netcdf, vtk, png (default netcdf)\n"
           "  --compress N        deflate (NetCDF, with the shuffle) and zlib (VTK) level,\n"
           "                      0 (none) to 9 (default 1)\n"
           "  --colour-range R    the pictures' colours: snapshot (each its own range),\n"
           "                      run (one range for the whole run, drawn from PATH.nc\n"
           "                      when it ends) or LOW,HIGH in metres, clipping shown\n"
           "                      (default snapshot)\n"
           "  --gauge X,Y         record h, eta, u, v at the point X,Y (m) into\n"
           "                      PATH_gauges.nc; repeat for more gauges (default none)\n"
           "  --maxima            add max_depth, max_speed and arrival_time to PATH.nc\n"
           "  --sample-every SECONDS\n"
           "                      sample gauges and maxima at the first step past every\n"
           "                      multiple of SECONDS (default 0: every step)\n"
           "  --checkpoint-every SECONDS\n"
           "                      write PATH.checkpoint.nc each time the simulated time\n"
           "                      passes a multiple of SECONDS (default: no checkpoints)\n"
           "  --restart FILE      continue the run saved in checkpoint FILE; give the\n"
           "                      same scenario, grid, solver, t-end, cfl, outputs and\n"
           "                      manning; PATH.nc gets every snapshot, the earlier ones\n"
           "                      from the checkpointed run's files\n"
           "  --bathymetry FILE   for --scenario netcdf: a CF NetCDF file of the bed\n"
           "                      elevation or depth, in metres or longitude/latitude\n"
           "                      (GEBCO, ETOPO; README says how they are read)\n"
           "  --displacement FILE\n"
           "                      for --scenario netcdf: initial displacement of the sea\n"
           "                      floor and surface, zero outside its extent (default none)\n"
           "  --bathymetry-var NAME, --displacement-var NAME\n"
           "                      the variable to read (default: the one a standard_name\n"
           "                      identifies, or the only 2D variable)\n"
           "  --benchmark         no files, timing only\n"
           "  -q, --quiet         no progress lines (errors still print)\n"
           "  --list-backends     list the backends built into this binary\n"
           "  -V, --version       print the version and the libraries built in\n"
           "  -h, --help          print this help\n");
    swe_extra_options_print_help(program);
    printf("\nEvery run ends with a line 'summary: backend=... cell_updates_per_s=...'.\n"
           "Exit codes: 0 success, 1 the run failed, 2 bad input.\n");
}
