/* The random cases of the Navier-Stokes exercises (grade_ns_cases.h). */
#ifdef SWE_WITH_NS

#include "tests/grade/grade_ns_cases.h"

#include "ns/grid/ns_ghost.h"

#include <stdio.h>
#include <stdlib.h>

/* A random grid of 2-40 x 2-20 x 2-12 cells with random walls: the first
 * draws of a case's generator. */
static ns_grid random_grid(grade_rng *rng)
{
    int n[NS_AXES] = {grade_integer(rng, 2, 40), grade_integer(rng, 2, 20),
                      grade_integer(rng, 2, 12)};
    double length[NS_AXES];
    ns_wall wall[NS_FACES] = {{0}};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        length[axis] = n[axis] * grade_uniform(rng, 0.05, 0.5);
        enum ns_wall_kind kind = (enum ns_wall_kind)grade_integer(rng, NS_PERIODIC, NS_FREE_SLIP);
        wall[2 * axis].kind = wall[2 * axis + 1].kind = kind;
        wall[2 * axis + 1].velocity[(axis + 1) % NS_AXES] = grade_uniform(rng, -1, 1);
    }
    ns_grid grid;
    swe_error err;
    if (ns_grid_init(&grid, n, length, wall, &err) != SWE_OK) {
        grade_harness_failure("cannot make a grid for a Navier-Stokes case");
    }
    return grid;
}

void grade_ns_make_case(const char *test_id, int case_number, ns_case *c)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    ns_grid grid = random_grid(&rng);
    ns_parameters parameters = {.viscosity = grade_uniform(&rng, 0.0, 0.1), .density = 1.0};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        parameters.force[axis] = grade_uniform(&rng, -1, 1);
    }
    swe_error err;
    if (ns_solver_create(&grid, &parameters, "serial", &c->solver, &err) != SWE_OK) {
        grade_harness_failure("cannot make a solver for a Navier-Stokes case");
    }
    ns_solver *s = c->solver;
    for (size_t cell = 0; cell < grid.cells; ++cell) {
        for (int axis = 0; axis < NS_AXES; ++axis) {
            s->velocity[axis][cell] = (real)grade_uniform(&rng, -1, 1);
        }
        s->pressure[cell] = (real)grade_uniform(&rng, -1, 1);
        s->fluid[cell] = grade_uniform(&rng, 0, 1) < 0.85;
    }
    ns_fill_mask_ghosts(&grid, s->fluid);
    for (int axis = 0; axis < NS_AXES; ++axis) {
        ns_fill_ghosts(&grid, s->velocity[axis], axis);
    }
    c->arrays = (ns_cpu_arrays){.pressure = s->pressure,
                                .fluid = s->fluid,
                                .geometry = ns_grid_geometry(&grid),
                                .viscosity = (real)parameters.viscosity};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        c->arrays.velocity[axis] = s->velocity[axis];
        c->arrays.residual[axis] = calloc(grid.cells, sizeof(real));
        if (c->arrays.residual[axis] == NULL) {
            grade_harness_failure("out of memory for a Navier-Stokes case");
        }
        c->arrays.force[axis] = (real)parameters.force[axis];
    }
}

static ns_grid case_grid(const char *test_id, int case_number)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    return random_grid(&rng);
}

void grade_ns_describe(const char *test_id, int case_number, char *text, size_t size)
{
    static const char *const kinds[] = {"periodic", "no-slip", "free-slip"};
    ns_grid g = case_grid(test_id, case_number);
    snprintf(text, size, "%d x %d x %d cells; x %s, y %s, z %s", g.n[0], g.n[1], g.n[2],
             kinds[g.wall[0].kind], kinds[g.wall[2].kind], kinds[g.wall[4].kind]);
}

double grade_ns_interior_cells(const char *test_id, int case_number)
{
    ns_grid g = case_grid(test_id, case_number);
    return (double)ns_grid_interior_cells(&g);
}

void grade_ns_free_case(ns_case *c)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        free(c->arrays.residual[axis]);
    }
    ns_solver_destroy(c->solver);
}

#endif
