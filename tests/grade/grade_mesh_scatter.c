/* The shared part of the graded scatters (grade_mesh_scatter.h). */
#include "tests/grade/grade_mesh_scatter.h"

#include "mesh/numerics/mesh_cell_kernels.h"

#include <math.h>
#include <string.h>

void grade_scatter_make_case(const char *test_id, int case_number, const int cells_a_side[2],
                             grade_mesh_case *c)
{
    grade_mesh_make_sized_case(test_id, case_number, SWE_MESH_ORDERING_RANDOM, 1, cells_a_side, c);
    grade_mesh_random_fluxes(c, test_id, case_number);
}

swe_mesh_cell_sums grade_scatter_sums_in(real *storage, int cells, int which)
{
    real *first = storage + (size_t)3 * cells * which;
    swe_mesh_cell_sums sums = {first, first + cells, first + 2 * (size_t)cells};
    return sums;
}

void grade_scatter_gather(const swe_mesh_arrays *a, swe_mesh_cell_sums sums)
{
    for (int cell = 0; cell < a->cell_count; ++cell) {
        swe_mesh_flux_sum sum = swe_mesh_cell_gather(a, cell);
        sums.h[cell] = sum.h;
        sums.hu[cell] = sum.hu;
        sums.hv[cell] = sum.hv;
    }
}

void grade_scatter_colour_order(const swe_mesh_arrays *a, const swe_mesh_colouring *colouring,
                                swe_mesh_cell_sums sums)
{
    for (int cell = 0; cell < a->cell_count; ++cell) {
        sums.h[cell] = sums.hu[cell] = sums.hv[cell] = (real)0;
    }
    for (int i = 0; i < colouring->colour_start[colouring->colour_count]; ++i) {
        swe_mesh_scatter_edge(a, sums, colouring->edges[i]);
    }
}

swe_mesh_arrays grade_scatter_hide_cell_edges(const swe_mesh_arrays *a, int *cells)
{
    swe_mesh_arrays handed = *a;
    memset(cells, 0, (size_t)a->cell_count * sizeof *cells);
    handed.cell_edge_0 = handed.cell_edge_1 = handed.cell_edge_2 = cells;
    return handed;
}

static int close_enough(real got, real want)
{
    double epsilon = sizeof(real) == sizeof(float) ? 1.1920929e-7 : 2.220446049250313e-16;
    return fabs((double)got - (double)want) <=
           GRADE_SCATTER_ULPS * epsilon * (1 + fabs((double)want));
}

int grade_scatter_cells_off(const swe_mesh_arrays *a, swe_mesh_cell_sums sums)
{
    int off = 0;
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_flux_sum want = swe_mesh_cell_gather(a, c);
        off += !close_enough(sums.h[c], want.h) || !close_enough(sums.hu[c], want.hu) ||
               !close_enough(sums.hv[c], want.hv);
    }
    return off;
}

int grade_scatter_cells_changed(int cells, swe_mesh_cell_sums a, swe_mesh_cell_sums b)
{
    int changed = 0;
    for (int c = 0; c < cells; ++c) {
        changed += memcmp(&a.h[c], &b.h[c], sizeof(real)) != 0 ||
                   memcmp(&a.hu[c], &b.hu[c], sizeof(real)) != 0 ||
                   memcmp(&a.hv[c], &b.hv[c], sizeof(real)) != 0;
    }
    return changed;
}

void grade_scatter_add_sums(grade_outputs *outputs, const grade_mesh_case *c,
                            swe_mesh_cell_sums sums, const char *hint)
{
    grade_mesh_add_cells(outputs, "sum_h", c, sums.h, hint);
    grade_mesh_add_cells(outputs, "sum_hu", c, sums.hu, hint);
    grade_mesh_add_cells(outputs, "sum_hv", c, sums.hv, hint);
}

void grade_scatter_add_count(grade_outputs *outputs, const char *name, int count, const char *hint)
{
    double *value = grade_add_doubles(outputs, name, 1, GRADE_LIST, NULL);
    grade_hint(outputs, hint);
    *value = count;
}
