#include "mesh/program/mesh_report.h"

#include "mesh/io/mesh_netcdf.h"
#include "mesh/scenarios/mesh_measures.h"

#include <string.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

void swe_mesh_print_version(FILE *stream, const char *program)
{
    fprintf(stream, "%s %s (triangles)\nprecision: %s\ntriangle backends:", program, SWE_VERSION,
            SWE_PRECISION_NAME);
    for (int k = 0; k < swe_mesh_backend_count(); ++k) {
        fprintf(stream, " %s", swe_mesh_backend_at(k)->name);
    }
    fprintf(stream, "\noutput: %s\n", swe_mesh_netcdf_library());
}

void swe_mesh_print_backends(FILE *stream)
{
    for (int k = 0; k < swe_mesh_backend_count(); ++k) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(k);
        swe_error err = {{0}};
        if (swe_mesh_backend_check(backend, &err) == SWE_OK) {
            fprintf(stream, "%-8s %s\n", backend->name, backend->description);
        } else {
            fprintf(stream, "%-8s unusable: %s\n", backend->name, err.message);
        }
    }
}

void swe_mesh_print_scenarios(FILE *stream)
{
    for (int k = 0; k < swe_mesh_scenario_count(); ++k) {
        const swe_mesh_scenario *scenario = swe_mesh_scenario_at(k);
        fprintf(stream, "%-22s %s\n", scenario->name, scenario->title);
    }
}

int swe_mesh_print_devices(FILE *stream, swe_error *err)
{
    int shown = 0;
    for (int k = 0; k < swe_mesh_backend_count(); ++k) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(k);
        if (backend->list_devices != NULL) {
            fprintf(stream, "%s:\n", backend->name);
            shown = backend->list_devices(stream, err) == SWE_OK || shown;
        }
    }
    return shown ? SWE_OK
                 : swe_fail(err, SWE_ERROR_USAGE, "no backend of this build has devices to list");
}

void swe_mesh_print_setup(FILE *stream, const char *mesh_path, const swe_mesh_model *model)
{
    const swe_mesh *mesh = &model->run.mesh;
    fprintf(stream,
            "mesh %s: %d cells, %d edges (%d on the boundary), %d nodes; scenario %s, order %d, "
            "ordering %s, phi %d, mean neighbour distance %.1f\n",
            mesh_path, mesh->cell_count, mesh->edge_count,
            mesh->edge_count - mesh->interior_edge_count, mesh->node_count, model->scenario.name,
            model->run.order, swe_mesh_ordering_name(model->ordering), swe_mesh_bandwidth(mesh),
            swe_mesh_mean_neighbour_distance(mesh));
    fflush(stream);
}

void swe_mesh_print_measures(FILE *stream, const swe_mesh_model *model)
{
    if (strcmp(model->scenario.name, "backward-facing-step") == 0) {
        fprintf(stream,
                "reattachment_length_m=%.2f (where u of the cells on the lower wall turns "
                "forward)\n",
                swe_mesh_reattachment_length(&model->run.mesh, &model->run.host, 0, 0));
    }
}
