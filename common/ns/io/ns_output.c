#include "ns/io/ns_output.h"

#include "io/atomic_file.h"
#include "io/netcdf_unavailable.h"
#include "io/netcdf_volume.h"
#include "io/vti_output.h"
#include "io/vtk_series.h"
#include "ns/io/ns_cell_fields.h"
#include "ns/io/ns_slice_png.h"
#include "ns/solver/ns_diagnostics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ns_output {
    ns_output_plan plan;
    char *stem;
    ns_cell_fields cells;
    float *velocity; /* interleaved u, v, w for the .vti */
#ifndef SWE_WITHOUT_NETCDF
    swe_netcdf_volume *netcdf;
#endif
    swe_vtk_series series; /* the .pvd */
};

static int open_netcdf(ns_output *output, const ns_solver *solver, int first_snapshot,
                       swe_error *err)
{
#ifdef SWE_WITHOUT_NETCDF
    (void)output;
    (void)solver;
    (void)first_snapshot;
    return swe_netcdf_unavailable(err);
#else
    static const swe_volume_variable variables[NS_CELL_FIELDS] = {
        {"u", "velocity along x at the cell centre", "m s-1"},
        {"v", "velocity along y at the cell centre", "m s-1"},
        {"w", "velocity along z at the cell centre", "m s-1"},
        {"p", "pressure (mean zero)", "Pa"},
        {"vorticity_magnitude", "magnitude of the vorticity at the cell centre", "s-1"}};
    char title[256];
    snprintf(title, sizeof title, "shallows Navier-Stokes run: case %s (%s)",
             output->plan.case_name,
             output->plan.case_description != NULL ? output->plan.case_description : "");
    char version[64];
    snprintf(version, sizeof version, "shallows %s", SWE_VERSION);
    const char *attributes[] = {"title",
                                title,
                                "history",
                                output->plan.history != NULL ? output->plan.history : version,
                                "case",
                                output->plan.case_name,
                                "solver",
                                NS_SOLVER_NAME,
                                "source",
                                "shallows " SWE_VERSION " Navier-Stokes: staggered grid, QUICK + "
                                "Adams-Bashforth 2, FFT-preconditioned CG",
                                "backend",
                                output->plan.backend_name,
                                "precision",
                                SWE_PRECISION_NAME,
                                NULL};
    const ns_grid *g = &solver->grid;
    swe_volume_description description = {.cells = {g->n[0], g->n[1], g->n[2]},
                                          .origin = {0.0, 0.0, 0.0},
                                          .spacing = {g->h[0], g->h[1], g->h[2]},
                                          .variables = variables,
                                          .count = NS_CELL_FIELDS,
                                          .attributes = attributes,
                                          .compression = output->plan.compression};
    /* The PATH of the run that wrote the checkpoint, where its earlier
     * snapshots lie. */
    char *earlier =
        first_snapshot > 0 ? swe_path_strip(output->plan.restart_path, ".checkpoint.nc") : NULL;
    const swe_sealed_plan plan = {.path_stem = output->stem,
                                  .earlier_stem = earlier,
                                  .outputs = output->plan.outputs,
                                  .t_end = output->plan.t_end,
                                  .first_snapshot = first_snapshot};
    int status = swe_netcdf_volume_open(&output->netcdf, &plan, &description, err);
    free(earlier);
    return status;
#endif
}

static void free_output(ns_output *output)
{
    swe_vtk_series_free(&output->series);
    free(output->velocity);
    ns_cell_fields_free(&output->cells);
    free(output->stem);
    free(output);
}

int ns_output_open(ns_output **out, const ns_output_plan *plan, const ns_solver *whole,
                   int first_snapshot, swe_error *err)
{
    if (out == NULL || plan == NULL || plan->path_stem == NULL || whole == NULL ||
        plan->formats == 0 || (plan->formats & ~7) != 0 || plan->slice_axis < 0 ||
        plan->slice_axis > 2 || plan->outputs < 1 || first_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad output plan");
    }
    *out = NULL;
    ns_output *output = calloc(1, sizeof *output);
    if (output == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output");
    }
    output->plan = *plan;
    output->stem = swe_path_join(plan->path_stem, "");
    output->plan.path_stem = output->stem;
    output->velocity = malloc(3 * ns_grid_interior_cells(&whole->grid) * sizeof(float));
    int status = output->stem == NULL || output->velocity == NULL
                     ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output")
                     : ns_cell_fields_create(&output->cells, whole, err);
    if (status == SWE_OK && (plan->formats & SWE_FORMAT_VTK)) {
        status = swe_vtk_series_create(&output->series, output->stem, ".vti", plan->outputs,
                                       plan->t_end, first_snapshot, err);
    }
    if (status == SWE_OK && (plan->formats & SWE_FORMAT_NETCDF)) {
        status = open_netcdf(output, whole, first_snapshot, err);
    }
    if (status != SWE_OK) {
        swe_error ignored;
        ns_output_close(output, 0, &ignored);
        return status;
    }
    *out = output;
    return SWE_OK;
}

double ns_output_vorticity_top(const ns_solver *whole)
{
    const ns_grid *g = &whole->grid;
    double top = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                double vorticity[NS_AXES];
                ns_centre_vorticity(whole, i, j, k, vorticity);
                top = fmax(top, sqrt(vorticity[0] * vorticity[0] + vorticity[1] * vorticity[1] +
                                     vorticity[2] * vorticity[2]));
            }
        }
    }
    return top;
}

static int write_vti(ns_output *output, const ns_solver *solver, int snapshot, double time,
                     swe_error *err)
{
    const ns_grid *g = &solver->grid;
    float *const *field = output->cells.field;
    for (size_t cell = 0; cell < output->cells.cells; ++cell) {
        for (int c = 0; c < 3; ++c) {
            output->velocity[3 * cell + (size_t)c] = field[NS_CELL_U + c][cell];
        }
    }
    swe_vti_image image = {
        {g->n[0], g->n[1], g->n[2]}, {0.0, 0.0, 0.0}, {g->h[0], g->h[1], g->h[2]}};
    swe_vti_array arrays[] = {{"velocity", 3, output->velocity},
                              {"p", 1, field[NS_CELL_P]},
                              {"vorticity_magnitude", 1, field[NS_CELL_VORTICITY]}};
    char *path = swe_snapshot_path(output->stem, snapshot, ".vti");
    int status = path == NULL
                     ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name")
                     : swe_vti_write(path, &image, arrays, 3, output->plan.compression, err);
    free(path);
    return status == SWE_OK ? swe_vtk_series_add(&output->series, snapshot, time, err) : status;
}

/* The largest value of the fluid cells of slice's plane (1 where all are
 * zero or solid). */
static double plane_top(const ns_slice *slice)
{
    int across = slice->axis == 0 ? 1 : 0, up = slice->axis == 2 ? 1 : 2;
    double top = 0.0;
    for (int b = 0; b < slice->n[up]; ++b) {
        for (int a = 0; a < slice->n[across]; ++a) {
            int ijk[3];
            ijk[slice->axis] = slice->index;
            ijk[across] = a;
            ijk[up] = b;
            size_t cell =
                ((size_t)ijk[2] * (size_t)slice->n[1] + (size_t)ijk[1]) * (size_t)slice->n[0] +
                (size_t)ijk[0];
            if (slice->solid == NULL || !slice->solid[cell]) {
                top = fmax(top, slice->values[cell]);
            }
        }
    }
    return top > 0.0 ? top : 1.0;
}

static int write_png(ns_output *output, const ns_solver *solver, int snapshot, double time,
                     swe_error *err)
{
    const ns_grid *g = &solver->grid;
    int axis = output->plan.slice_axis;
    ns_slice slice = {.values = output->cells.field[NS_CELL_VORTICITY],
                      .solid = output->cells.solid,
                      .n = {g->n[0], g->n[1], g->n[2]},
                      .h = {g->h[0], g->h[1], g->h[2]},
                      .axis = axis,
                      .index = g->n[axis] / 2,
                      .low = 0.0,
                      .high = output->plan.vorticity_top,
                      .label = "vorticity magnitude",
                      .unit = "|\xCF\x89| (1/s)"};
    if (!(slice.high > 0.0)) { /* no vorticity at the start: each picture its own range */
        slice.high = plane_top(&slice);
    }
    char *path = swe_snapshot_path(output->stem, snapshot, ".png");
    int status = path == NULL ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name")
                              : ns_slice_png_write(path, &slice, time, err);
    free(path);
    return status;
}

int ns_output_write(ns_output *output, const ns_solver *whole, int snapshot, double time,
                    swe_error *err)
{
    if (output == NULL || whole == NULL || snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: write a snapshot to open output");
    }
    ns_cell_fields_fill(&output->cells, whole);
    int status = SWE_OK;
#ifndef SWE_WITHOUT_NETCDF
    if (output->netcdf != NULL) {
        status = swe_netcdf_volume_append(output->netcdf, snapshot, time,
                                          (const float *const *)output->cells.field, err);
    }
#endif
    if (status == SWE_OK && (output->plan.formats & SWE_FORMAT_VTK)) {
        status = write_vti(output, whole, snapshot, time, err);
    }
    if (status == SWE_OK && (output->plan.formats & SWE_FORMAT_PNG)) {
        status = write_png(output, whole, snapshot, time, err);
    }
    return status;
}

int ns_output_seal(ns_output *output, swe_error *err)
{
#ifndef SWE_WITHOUT_NETCDF
    return output != NULL ? swe_netcdf_volume_seal(output->netcdf, err) : SWE_OK;
#else
    (void)output;
    (void)err;
    return SWE_OK;
#endif
}

int ns_output_close(ns_output *output, int keep, swe_error *err)
{
    if (output == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
#ifndef SWE_WITHOUT_NETCDF
    status = swe_netcdf_volume_close(output->netcdf, keep, err);
#else
    (void)keep;
    (void)err;
#endif
    free_output(output);
    return status;
}
