/* --help of a triangle run. */
#include "mesh/program/mesh_options.h"

#include <string.h>

void swe_mesh_options_print_help(FILE *stream, const char *program)
{
    fprintf(
        stream,
        "usage: %s --mesh FILE.msh [options]\n\n"
        "The shallow water equations on a GMSH triangle mesh (2.2 or 4.1, ASCII or binary):\n"
        "Roe fluxes, MUSCL reconstruction, wet/dry fronts, Manning friction.\n\n"
        "  --mesh FILE           the mesh (the cases' meshes: common/mesh/geo/, make meshes)\n"
        "  --scenario NAME       the case (default partial-dam-break; --list-scenarios)\n"
        "  --set NAME=VALUE      a parameter of the scenario (repeatable)\n"
        "  --backend NAME        serial, openmp, cuda, opencl (default serial; --list-backends)\n"
        "  --ordering NAME       gmsh, random, rcm or rcm+edges (default gmsh)\n"
        "  --seed N              seed of the random ordering (default 1)\n"
        "  --order 1|2           first or second order (default: the scenario's)\n"
        "  --cfl C               in (0, 1], 001 eq. 16 (default: the scenario's)\n"
        "  --manning N           Manning's n, s/m^(1/3) (default: the scenario's)\n"
        "  --viscosity NU        eddy viscosity, m^2/s (default: the scenario's)\n"
        "  --t-end SECONDS       simulated time (default: the scenario's)\n"
        "  --outputs K           snapshots after the initial one (default 10)\n"
        "  --output STEM         files STEM.nc, STEM_NNNN.vtu + STEM.pvd, STEM_NNNN.png\n"
        "                        (default: the scenario's name)\n"
        "  --format LIST         netcdf (UGRID 1.0), vtk (ParaView), png, comma-separated\n"
        "                        (default netcdf)\n"
        "  --compress N          deflate (NetCDF, with the shuffle) and zlib (VTK) level,\n"
        "                        0 none .. 9 smallest (default 1)\n"
        "  --checkpoint-every S  a checkpoint STEM.checkpoint every S simulated seconds\n"
        "  --restart FILE        continue the run checkpointed in FILE, bit for bit\n"
        "  --benchmark           no files, timing only\n"
        "  --quiet               no progress lines\n"
        "  --write-square N      write a 1000 m square of 2 N^2 triangles to --mesh FILE\n"
        "                        (GMSH 4.1 binary, for benchmarks without gmsh) and stop\n"
        "  --list-backends, --list-scenarios, --list-devices, --version, --help\n",
        program);
    for (int b = 0; b < swe_mesh_backend_count(); ++b) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(b);
        for (int o = 0; o < backend->option_count; ++o) {
            const swe_mesh_backend_option *option = &backend->options[o];
            if (o == 0) {
                fprintf(stream, "backend %s:\n", backend->name);
            }
            int width = 18 - (int)strlen(option->name);
            fprintf(stream, "  --%s %-*s %s\n", option->name, width > 0 ? width : 0,
                    option->argument, option->help);
        }
    }
    fprintf(stream, "Ends with one 'summary:' line. Exit codes: 0 done, 1 the run failed, 2 bad "
                    "input.\n");
}
