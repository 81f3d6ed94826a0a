/* The measuring half of `make validate`: runs the validation cases in
 * memory and prints their figures as CSV lines (or writes profiles, fields
 * and raw dumps for plots); tools/validate/validate.py turns them into
 * docs/VALIDATION.md. Commands:
 *   convergence CASE SOLVER N...   error norms per grid (CASE: thacker,
 *                                  circular, partial, stoker, ritter; partial:
 *                                  each grid against the next, nested, finer one)
 *   profile CASE SOLVER N FILE     x, h, reference depth, bed along a line
 *   field CASE SOLVER N FILE       x, y, h, surface for gnuplot's image plots
 *   split SOLVER FRACTION N...     Thacker after FRACTION of a period: L1 error in all,
 *                                  in the wet interior, in the band of 2 cells either
 *                                  side of the exact shoreline and on the dry beach
 *                                  beyond it, and the water left on exactly dry ground
 *                                  in films thinner than the dry tolerance
 *   rest SOLVER, balance CASE SOLVER T, dambreak CASE SOLVER N..., firststep SOLVER
 *                                  see tools/validate/validate_numerics.c
 *   dump SCENARIO SOLVER N FILE    h, hu, hv of the interior at t_end, raw doubles
 *   compare BACKEND SOLVER N...    L1 difference of BACKEND against serial
 * This file parses the command line; the cases are in validate_cases.c, the
 * commands in validate_commands.c and validate_numerics.c. */

#include "cartesian/program/options.h"
#include "tools/validate/validate_cases.h"
#include "tools/validate/validate_commands.h"
#include "tools/validate/validate_numerics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_GRIDS = 16 };

int swe_validate_usage(const char *message)
{
    fprintf(stderr,
            "shallows-validate: %s (see the comment at the top of tools/validate/validate.c)\n",
            message);
    return 2;
}

static int parse_solver(const char *name, enum swe_solver *solver)
{
    for (int s = 0; s < SWE_SOLVER_COUNT; ++s) {
        if (strcmp(swe_solver_name((enum swe_solver)s), name) == 0) {
            *solver = (enum swe_solver)s;
            return 1;
        }
    }
    return 0;
}

static int parse_grid(const char *text, int *cells)
{
    char *end = NULL;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < 2 || value > 65536) {
        return 0;
    }
    *cells = (int)value;
    return 1;
}

/* balance CASE SOLVER SECONDS */
static int command_balance(int argc, char **argv)
{
    enum swe_solver solver;
    char *end = NULL;
    double t_end = argc == 5 ? strtod(argv[4], &end) : 0;
    if (argc != 5 || !parse_solver(argv[3], &solver) || end == argv[4] || *end != '\0' ||
        !(t_end > 0 && t_end < 1e6)) {
        return swe_validate_usage("balance needs CASE SOLVER SECONDS");
    }
    return swe_validate_balance(argv[2], solver, t_end);
}

/* Reads grids from argv[first..argc-1]. */
static int parse_grids(int argc, char **argv, int first, int *grids, int *count)
{
    *count = 0;
    for (int a = first; a < argc; ++a) {
        if (*count == MAX_GRIDS || !parse_grid(argv[a], &grids[*count])) {
            return 0;
        }
        ++*count;
    }
    return *count > 0;
}

/* split SOLVER FRACTION N... */
static int command_split(int argc, char **argv)
{
    enum swe_solver solver;
    int grids[MAX_GRIDS], grid_count = 0;
    char *end = NULL;
    double fraction = argc > 3 ? strtod(argv[3], &end) : 0;
    if (!parse_solver(argv[2], &solver)) {
        return swe_validate_usage("unknown solver");
    }
    if (end == argv[3] || *end != '\0' || !(fraction > 0 && fraction <= 10)) {
        return swe_validate_usage("split needs a fraction of the period in (0, 10]");
    }
    return parse_grids(argc, argv, 4, grids, &grid_count)
               ? swe_validate_split(solver, fraction, grid_count, grids)
               : swe_validate_usage("bad grid sizes");
}

/* convergence, profile and field: CASE SOLVER ... */
static int case_command(int argc, char **argv, enum swe_solver solver)
{
    const char *command = argv[1];
    int grids[MAX_GRIDS], grid_count = 0;
    const validation_case *vc = swe_validate_find_case(argv[2]);
    if (vc == NULL) {
        return swe_validate_usage("unknown case");
    }
    if (strcmp(command, "convergence") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? swe_validate_convergence(vc, solver, grid_count, grids)
                   : swe_validate_usage("bad grid sizes");
    }
    if (strcmp(command, "profile") == 0 || strcmp(command, "field") == 0) {
        return argc == 6 && parse_grid(argv[4], &grids[0])
                   ? swe_validate_profile(vc, solver, grids[0], argv[5],
                                          strcmp(command, "field") == 0)
                   : swe_validate_usage("profile and field need CASE SOLVER N FILE");
    }
    return swe_validate_usage("unknown command");
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        return swe_validate_usage("needs a command and its arguments");
    }
    const char *command = argv[1];
    enum swe_solver solver = SWE_SOLVER_FWAVE;
    int grids[MAX_GRIDS], grid_count = 0;
    if (strcmp(command, "rest") == 0) {
        return parse_solver(argv[2], &solver) ? swe_validate_rest(solver)
                                              : swe_validate_usage("unknown solver");
    }
    if (strcmp(command, "firststep") == 0) {
        return parse_solver(argv[2], &solver) ? swe_validate_first_step(solver)
                                              : swe_validate_usage("unknown solver");
    }
    if (strcmp(command, "balance") == 0) {
        return command_balance(argc, argv);
    }
    if (strcmp(command, "split") == 0) {
        return command_split(argc, argv);
    }
    if (argc < 4 || !parse_solver(argv[3], &solver)) {
        return swe_validate_usage("unknown solver");
    }
    if (strcmp(command, "compare") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? swe_validate_compare(argv[2], solver, grid_count, grids)
                   : swe_validate_usage("bad grid sizes");
    }
    if (strcmp(command, "dambreak") == 0) {
        return parse_grids(argc, argv, 4, grids, &grid_count)
                   ? swe_validate_dam_break(argv[2], solver, grid_count, grids)
                   : swe_validate_usage("bad grid sizes");
    }
    if (strcmp(command, "dump") == 0) {
        return argc == 6 && parse_grid(argv[4], &grids[0])
                   ? swe_validate_dump(argv[2], solver, grids[0], argv[5])
                   : swe_validate_usage("dump needs SCENARIO SOLVER N FILE");
    }
    return case_command(argc, argv, solver);
}
