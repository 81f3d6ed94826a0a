/* shallows-mesh: the triangle solver's own small driver until it joins
 * the shallows command line (phase 2): runs a scenario on a mesh with a
 * backend and an ordering, optionally writes snapshots, and prints one
 * summary line with the speed and the checksum. Bad input: one line on
 * stderr and exit code 2. */
#include "mesh/run/mesh_cli.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    swe_mesh_cli cli;
    swe_error err = {{0}};
    int status = swe_mesh_cli_parse(argc, argv, &cli, &err);
    if (status == SWE_OK && !cli.done) {
        status = swe_mesh_cli_run(&cli, &err);
    }
    if (status != SWE_OK) {
        fprintf(stderr, "shallows-mesh: %s\n", err.message);
    }
    return status;
}
