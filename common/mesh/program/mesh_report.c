#include "mesh/program/mesh_report.h"

#include "mesh/scenarios/mesh_measures.h"

#include <string.h>

void swe_mesh_print_scenarios(FILE *stream)
{
    for (int k = 0; k < swe_mesh_scenario_count(); ++k) {
        const swe_mesh_scenario *scenario = swe_mesh_scenario_at(k);
        fprintf(stream, "%-22s %s\n", scenario->name, scenario->title);
        for (int p = 0; p < scenario->parameter_count; ++p) {
            const swe_parameter *parameter = &scenario->parameters[p];
            fprintf(stream, "%-22s   --set %s=%g (%s)\n", "", parameter->name, parameter->value,
                    parameter->units);
        }
    }
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
