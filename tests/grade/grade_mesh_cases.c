#include "tests/grade/grade_mesh_cases.h"
#include "backends/openmp/openmp_model.h"

#include "tests/grade/grade_mesh_parts.h"

#include "mesh/gmsh/msh_writer.h"
#include "mesh/numerics/mesh_boundary.h"
#include "mesh/solver/mesh_conditions.h"
#include "mesh/solver/mesh_host_arrays.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BOUNDARY_GROUPS = 4 };

static const char *const group_names[BOUNDARY_GROUPS] = {"g1", "g2", "g3", "g4"};

/* The boundary lines in four groups of random conditions, some in none
 * (walls): every kind of the conditions of Roe-MUSCL GPU n.d. meets the
 * kernels. */
static void cut_boundary(grade_rng *rng, swe_msh_raw *raw, swe_mesh_condition *given)
{
    swe_msh_group *groups = realloc(raw->groups, BOUNDARY_GROUPS * sizeof *groups);
    if (groups == NULL) {
        grade_harness_failure("out of memory for the boundary groups of a mesh");
    }
    raw->groups = groups;
    raw->group_count = BOUNDARY_GROUPS;
    for (int g = 0; g < BOUNDARY_GROUPS; ++g) {
        groups[g] = (swe_msh_group){.dimension = 1, .tag = g + 1};
        snprintf(groups[g].name, sizeof groups[g].name, "%s", group_names[g]);
        int kind = grade_integer(rng, 0, SWE_MESH_CONDITION_KINDS - 1);
        double a = kind == SWE_MESH_LEVEL                  ? grade_uniform(rng, 0.5, 4)
                   : kind == SWE_MESH_SUPERCRITICAL_INFLOW ? grade_uniform(rng, 0.1, 1)
                                                           : grade_uniform(rng, 0.1, 2);
        double b = kind == SWE_MESH_SUPERCRITICAL_INFLOW ? grade_uniform(rng, 2, 5) : 0;
        given[g] = (swe_mesh_condition){group_names[g], kind, a, b};
    }
    for (int l = 0; l < raw->line_count; ++l) {
        raw->line_physical[l] = grade_integer(rng, 0, BOUNDARY_GROUPS);
    }
}

/* One triangle's water: dry, at the dry tolerance, or wet and moving. */
static void random_water(grade_rng *rng, real *h, real *hu, real *hv, real *bed)
{
    double kind = grade_uniform(rng, 0, 1);
    double depth = kind < 0.15   ? 0
                   : kind < 0.25 ? SWE_DRY_TOLERANCE * grade_uniform(rng, 0.5, 2)
                                 : grade_uniform(rng, 0.05, 5);
    *h = (real)depth;
    *hu = (real)(depth * grade_uniform(rng, -2, 2));
    *hv = (real)(depth * grade_uniform(rng, -2, 2));
    *bed = (real)grade_uniform(rng, 0, 1);
}

/* The state, drawn in file order and placed by the case's numbering. */
static void random_state(grade_rng *rng, grade_mesh_case *c)
{
    swe_mesh_arrays *a = &c->run.host;
    int cells = a->cell_count;
    real *drawn = malloc(4 * (size_t)cells * sizeof *drawn);
    if (drawn == NULL) {
        grade_harness_failure("out of memory for the state of a mesh case");
    }
    for (int k = 0; k < cells; ++k) {
        random_water(rng, &drawn[k], &drawn[cells + k], &drawn[2 * cells + k],
                     &drawn[3 * cells + k]);
    }
    /* Two wet neighbours at different depths at least: water at rest or
     * all dry does not move, and a kernel that does nothing would match. */
    drawn[0] = (real)grade_uniform(rng, 2, 5);
    drawn[1] = (real)grade_uniform(rng, 0.2, 1);
    for (int cell = 0; cell < cells; ++cell) {
        int k = c->run.mesh.cell_file_index[cell];
        a->h[cell] = drawn[k];
        a->hu[cell] = drawn[cells + k];
        a->hv[cell] = drawn[2 * cells + k];
        a->bed[cell] = drawn[3 * cells + k];
    }
    free(drawn);
}

static void fill_nan(real *values, int count)
{
    for (int k = 0; k < count; ++k) {
        values[k] = (real)NAN;
    }
}

void grade_mesh_poison_fluxes(grade_mesh_case *c)
{
    swe_mesh_arrays *a = &c->run.host;
#define POISON(name) fill_nan(a->name, a->edge_count);
    SWE_MESH_FLUX_ARRAYS(POISON)
#undef POISON
}

void grade_mesh_random_fluxes(grade_mesh_case *c, const char *draw, int case_number)
{
    grade_rng rng = grade_case_rng(draw, case_number);
    swe_mesh_arrays *a = &c->run.host;
#define RANDOM(name)                                                                               \
    for (int e = 0; e < a->edge_count; ++e) {                                                      \
        a->name[e] = (real)grade_uniform(&rng, -10, 10);                                           \
    }
    SWE_MESH_FLUX_ARRAYS(RANDOM)
#undef RANDOM
}

static void poison_work(grade_mesh_case *c)
{
    swe_mesh_arrays *a = &c->run.host;
#define POISON(name) fill_nan(a->name, a->cell_count);
    SWE_MESH_STAGE_ARRAYS(POISON)
    SWE_MESH_GRADIENT_ARRAYS(POISON)
#undef POISON
    grade_mesh_poison_fluxes(c);
}

static void build_mesh(grade_rng *rng, int ordering, const int cells_a_side[2], grade_mesh_case *c,
                       swe_mesh_condition *given)
{
    int n = grade_integer(rng, cells_a_side[0], cells_a_side[1]);
    double side = grade_uniform(rng, 5, 500);
    unsigned long long mesh_seed = (unsigned long long)grade_integer(rng, 1, 1 << 30);
    unsigned long long order_seed = (unsigned long long)grade_integer(rng, 1, 1 << 30);
    int drawn_ordering = grade_integer(rng, 0, 3);
    c->ordering =
        (enum swe_mesh_ordering)(ordering == GRADE_MESH_ANY_ORDERING ? drawn_ordering : ordering);
    swe_msh_raw raw = {0};
    swe_error err;
    if (swe_msh_generate_square(n, side, mesh_seed, &raw, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    cut_boundary(rng, &raw, given);
    int status = grade_mesh_number_elements(&raw, &err);
    status =
        status == SWE_OK ? swe_mesh_build(&raw, "a random square", &c->run.mesh, &err) : status;
    swe_msh_raw_free(&raw);
    if (status != SWE_OK ||
        swe_mesh_reorder(&c->run.mesh, c->ordering, order_seed, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    snprintf(c->description, sizeof c->description, "%d triangles of a %.0f m square, %s numbering",
             c->run.mesh.cell_count, side, swe_mesh_ordering_name(c->ordering));
}

void grade_mesh_make_case(const char *test_id, int case_number, int ordering, int order,
                          grade_mesh_case *c)
{
    static const int small[2] = {2, 6};
    grade_mesh_make_sized_case(test_id, case_number, ordering, order, small, c);
}

void grade_mesh_make_sized_case(const char *test_id, int case_number, int ordering, int order,
                                const int cells_a_side[2], grade_mesh_case *c)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    swe_mesh_condition given[BOUNDARY_GROUPS];
    memset(c, 0, sizeof *c);
    build_mesh(&rng, ordering, cells_a_side, c, given);
    swe_mesh_conditions conditions = {0};
    swe_error err;
    int status = swe_mesh_conditions_create(&c->run.mesh, given, BOUNDARY_GROUPS, "grade",
                                            &conditions, &err);
    if (status == SWE_OK) {
        status = swe_mesh_host_arrays_create(&c->run.host, &c->run.mesh, &conditions, &err);
    }
    swe_mesh_conditions_free(&conditions);
    if (status != SWE_OK || swe_mesh_host_arrays_add_work(&c->run.host, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    int drawn_order = grade_integer(&rng, 1, 2);
    c->run.order = order != 0 ? order : drawn_order;
    c->run.host.viscosity = grade_integer(&rng, 0, 1) ? (real)grade_uniform(&rng, 0.001, 0.05) : 0;
    c->run.host.manning = grade_integer(&rng, 0, 1) ? (real)grade_uniform(&rng, 0.01, 0.05) : 0;
    random_state(&rng, c);
    poison_work(c);
    size_t length = strlen(c->description);
    snprintf(c->description + length, sizeof c->description - length, ", %s order%s%s",
             c->run.order == 2 ? "second" : "first", c->run.host.viscosity > 0 ? ", viscous" : "",
             c->run.host.manning > 0 ? ", Manning friction" : "");
}

void grade_mesh_free_case(grade_mesh_case *c)
{
    swe_mesh_host_arrays_free(&c->run.host);
    swe_mesh_free(&c->run.mesh);
}

void grade_mesh_add_cells(grade_outputs *outputs, const char *name, const grade_mesh_case *c,
                          const real *values, const char *hint)
{
    int cells = c->run.mesh.cell_count;
    const int numbers[GRADE_LAYOUT_NUMBERS] = {cells};
    real *field = grade_add_field(outputs, name, (size_t)cells, GRADE_MESH_CELLS, numbers);
    grade_hint(outputs, hint);
    for (int cell = 0; cell < cells; ++cell) {
        field[c->run.mesh.cell_file_index[cell]] = values[cell];
    }
}

void grade_mesh_add_edges(grade_outputs *outputs, const char *name, const grade_mesh_case *c,
                          const real *values, int count, const char *hint)
{
    const int numbers[GRADE_LAYOUT_NUMBERS] = {count, c->run.mesh.interior_edge_count};
    real *field = grade_add_field(outputs, name, (size_t)count, GRADE_MESH_EDGES, numbers);
    grade_hint(outputs, hint);
    memcpy(field, values, (size_t)count * sizeof *field);
}

void grade_mesh_steps(grade_mesh_case *c, const swe_mesh_backend *backend, int steps, double *dts)
{
    /* Two threads on the OpenMP model (exercise 16's race needs more than one). */
    swe_model_config config = {0};
    config.option_values[SWE_OPENMP_OPTION_THREADS] =
        backend->table.model == &swe_openmp_model ? "2" : NULL;
    swe_mesh_clock clock = {0};
    clock.cfl = 0.45;
    swe_error err;
    c->run.backend = backend;
    int status = backend->init(&c->run, &config, &err);
    for (int s = 0; s < steps; ++s) {
        if (status == SWE_OK) {
            status = swe_mesh_step(&c->run, &clock, 1.0e9, &err);
        }
        if (dts != NULL) {
            dts[s] = status == SWE_OK ? clock.last_dt : NAN;
        }
    }
    if (status != SWE_OK) {
        fprintf(stderr, "the run stopped: %s\n", err.message);
    }
    backend->finalize(&c->run);
}
