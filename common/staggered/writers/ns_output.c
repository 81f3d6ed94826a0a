#include "staggered/writers/ns_output.h"

#include "io/atomic_file.h"
#include "io/vti_output.h"
#include "io/vtk_xml.h"
#include "staggered/writers/ns_cell_fields.h"
#include "staggered/writers/ns_slice_png.h"
#ifndef SWE_WITHOUT_NETCDF
#include "io/netcdf_volume.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NS_MAX_SNAPSHOTS = 100000 };

struct ns_output {
    char *stem;
    int formats, slice_axis, snapshot;
    ns_cell_fields cells;
    float *velocity;      /* interleaved u, v, w for the .vti */
    double vorticity_top; /* the colour bar's top: the first snapshot's largest vorticity */
#ifndef SWE_WITHOUT_NETCDF
    swe_netcdf_volume *netcdf;
#endif
    swe_vtk_series_entry *entries; /* of the .pvd */
    char **files;
};

static int open_netcdf(ns_output *output, const char *case_name, const ns_solver *solver,
                       swe_error *err)
{
#ifdef SWE_WITHOUT_NETCDF
    (void)output;
    (void)case_name;
    (void)solver;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without NetCDF (install libnetcdf-dev and rebuild, or "
                    "drop netcdf from --format)");
#else
    static const swe_volume_variable variables[NS_CELL_FIELDS] = {
        {"u", "velocity along x at the cell centre", "m s-1"},
        {"v", "velocity along y at the cell centre", "m s-1"},
        {"w", "velocity along z at the cell centre", "m s-1"},
        {"p", "pressure (mean zero)", "Pa"},
        {"vorticity_magnitude", "magnitude of the vorticity at the cell centre", "s-1"}};
    const char *attributes[] = {"title",
                                case_name,
                                "source",
                                "shallows " SWE_VERSION " Navier-Stokes: staggered grid, QUICK + "
                                "Adams-Bashforth 2, FFT-preconditioned CG",
                                "backend",
                                solver->backend->name,
                                "precision",
                                SWE_PRECISION_NAME,
                                NULL};
    const ns_grid *g = &solver->grid;
    swe_volume_description description = {.cells = {g->n[0], g->n[1], g->n[2]},
                                          .origin = {0.0, 0.0, 0.0},
                                          .spacing = {g->h[0], g->h[1], g->h[2]},
                                          .variables = variables,
                                          .count = NS_CELL_FIELDS,
                                          .attributes = attributes};
    char *path = swe_path_join(output->stem, ".nc");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    int status = swe_netcdf_volume_create(&output->netcdf, path, &description, err);
    free(path);
    return status;
#endif
}

int ns_output_open(ns_output **out, const char *stem, int formats, const char *case_name,
                   int slice_axis, ns_solver *solver, swe_error *err)
{
    *out = NULL;
    if (stem == NULL) {
        return SWE_OK;
    }
    if (formats == 0 || (formats & ~7) != 0 || slice_axis < 0 || slice_axis > 2) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad output formats or slice");
    }
    ns_output *output = calloc(1, sizeof *output);
    size_t cells = ns_grid_interior_cells(&solver->grid);
    int status =
        output == NULL ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output") : SWE_OK;
    if (status == SWE_OK) {
        output->formats = formats;
        output->slice_axis = slice_axis;
        output->stem = swe_path_join(stem, "");
        output->velocity = malloc(3 * cells * sizeof(float));
        output->entries = calloc(NS_MAX_SNAPSHOTS, sizeof *output->entries);
        output->files = calloc(NS_MAX_SNAPSHOTS, sizeof *output->files);
        if (output->stem == NULL || output->velocity == NULL || output->entries == NULL ||
            output->files == NULL) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output");
        }
    }
    if (status == SWE_OK) {
        status = ns_cell_fields_create(&output->cells, solver, err);
    }
    if (status == SWE_OK && (formats & NS_FORMAT_NETCDF)) {
        status = open_netcdf(output, case_name, solver, err);
    }
    if (status == SWE_OK) {
        status = ns_output_write(output, solver, err);
    }
    if (status != SWE_OK) {
        swe_error ignored;
        ns_output_close(output, &ignored);
        return status;
    }
    *out = output;
    return SWE_OK;
}

static int write_vti(ns_output *output, const ns_solver *solver, swe_error *err)
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
    char *path = swe_snapshot_path(output->stem, output->snapshot, ".vti");
    char *pvd = swe_path_join(output->stem, ".pvd");
    int status = path == NULL || pvd == NULL
                     ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name")
                     : swe_vti_write(path, &image, arrays, 3, err);
    if (status == SWE_OK) {
        /* The .pvd names its files relative to itself. */
        const char *slash = strrchr(path, '/');
        output->files[output->snapshot] = swe_path_join(slash != NULL ? slash + 1 : path, "");
        output->entries[output->snapshot] =
            (swe_vtk_series_entry){.file = output->files[output->snapshot], .time = solver->t};
        status = output->files[output->snapshot] == NULL
                     ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name")
                     : swe_vtk_write_series(pvd, output->entries, output->snapshot + 1, err);
    }
    free(path);
    free(pvd);
    return status;
}

static int write_png(ns_output *output, const ns_solver *solver, swe_error *err)
{
    const ns_grid *g = &solver->grid;
    const float *vorticity = output->cells.field[NS_CELL_VORTICITY];
    if (output->snapshot == 0) {
        double top = 0.0;
        for (size_t cell = 0; cell < output->cells.cells; ++cell) {
            top = vorticity[cell] > top ? vorticity[cell] : top;
        }
        output->vorticity_top = top > 0.0 ? top : 1.0;
    }
    ns_slice slice = {.values = vorticity,
                      .solid = output->cells.solid,
                      .n = {g->n[0], g->n[1], g->n[2]},
                      .h = {g->h[0], g->h[1], g->h[2]},
                      .axis = output->slice_axis,
                      .index = g->n[output->slice_axis] / 2,
                      .low = 0.0,
                      .high = output->vorticity_top,
                      .label = "vorticity (1/s)"};
    char *path = swe_snapshot_path(output->stem, output->snapshot, ".png");
    int status = path == NULL ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name")
                              : ns_slice_png_write(path, &slice, solver->t, err);
    free(path);
    return status;
}

int ns_output_write(ns_output *output, ns_solver *solver, swe_error *err)
{
    if (output == NULL) {
        return SWE_OK;
    }
    if (output->snapshot >= NS_MAX_SNAPSHOTS) {
        return swe_fail(err, SWE_ERROR_USAGE, "more than %d snapshots", NS_MAX_SNAPSHOTS - 1);
    }
    int status = ns_solver_sync(solver, err);
    if (status == SWE_OK) {
        ns_cell_fields_fill(&output->cells, solver);
    }
#ifndef SWE_WITHOUT_NETCDF
    if (status == SWE_OK && output->netcdf != NULL) {
        status = swe_netcdf_volume_append(output->netcdf, solver->t,
                                          (const float *const *)output->cells.field, err);
    }
#endif
    if (status == SWE_OK && (output->formats & NS_FORMAT_VTK)) {
        status = write_vti(output, solver, err);
    }
    if (status == SWE_OK && (output->formats & NS_FORMAT_PNG)) {
        status = write_png(output, solver, err);
    }
    if (status == SWE_OK) {
        output->snapshot += 1;
    }
    return status;
}

int ns_output_close(ns_output *output, swe_error *err)
{
    if (output == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
#ifndef SWE_WITHOUT_NETCDF
    status = swe_netcdf_volume_close(output->netcdf, 1, err);
#endif
    (void)err;
    for (int s = 0; output->files != NULL && s < output->snapshot; ++s) {
        free(output->files[s]);
    }
    free(output->files);
    free(output->entries);
    free(output->velocity);
    ns_cell_fields_free(&output->cells);
    free(output->stem);
    free(output);
    return status;
}
