/* The run of shallows-mesh: the model advanced snapshot by snapshot,
 * timed without set-up and output, and its summary line. */
#include "mesh/run/mesh_cli.h"

#include "core/timer.h"
#include "mesh/gmsh/msh_writer.h"
#include "mesh/run/mesh_outputs.h"
#include "mesh/scenarios/mesh_measures.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* CPU seconds of this process (all threads): on a loaded machine, cell
 * steps per CPU second are the per-core speed, which wall time is not. */
static double cpu_seconds(void)
{
    struct timespec now;
    return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0 ? now.tv_sec + 1e-9 * now.tv_nsec
                                                              : 0.0;
}

static void print_setup(const swe_mesh_cli *cli, const swe_mesh_model *model)
{
    const swe_mesh *mesh = &model->run.mesh;
    printf("mesh %s: %d cells, %d edges (%d on the boundary), %d nodes; ordering %s, "
           "phi %d, mean neighbour distance %.1f\n",
           cli->options.mesh_path, mesh->cell_count, mesh->edge_count,
           mesh->edge_count - mesh->interior_edge_count, mesh->node_count,
           swe_mesh_ordering_name(model->ordering), swe_mesh_bandwidth(mesh),
           swe_mesh_mean_neighbour_distance(mesh));
    fflush(stdout);
}

typedef struct run_timing {
    double seconds, cpu_seconds; /* of the time steps alone */
} run_timing;

static void print_summary(const swe_mesh_cli *cli, const swe_mesh_model *model, run_timing timing,
                          uint64_t checksum, double volume)
{
    double cell_steps = (double)model->run.mesh.cell_count * (double)model->clock.steps;
    printf("summary: scenario=%s backend=%s precision=%s order=%d ordering=%s cells=%d "
           "steps=%ld t=%.9g seconds=%.6f cpu_seconds=%.6f cell_steps_per_s=%.6g "
           "cell_steps_per_cpu_s=%.6g volume=%.17g checksum=%016" PRIx64 "\n",
           cli->scenario.name, model->run.backend->name, SWE_PRECISION_NAME, model->run.order,
           swe_mesh_ordering_name(model->ordering), model->run.mesh.cell_count, model->clock.steps,
           model->clock.t, timing.seconds, timing.cpu_seconds,
           timing.seconds > 0 ? cell_steps / timing.seconds : 0.0,
           timing.cpu_seconds > 0 ? cell_steps / timing.cpu_seconds : 0.0, volume, checksum);
}

/* --write-square: the mesh file instead of a run. */
static int write_square(const swe_mesh_cli *cli, swe_error *err)
{
    swe_msh_raw raw;
    int status = swe_msh_generate_square(cli->write_square, 1000.0, 1, &raw, err);
    if (status == SWE_OK) {
        status = swe_msh_write_binary(cli->options.mesh_path, &raw, err);
        swe_msh_raw_free(&raw);
    }
    if (status == SWE_OK && !cli->quiet) {
        printf("wrote %s: %d triangles\n", cli->options.mesh_path,
               2 * cli->write_square * cli->write_square);
    }
    return status;
}

/* What the validation compares for cases that have a measure. */
static void print_measures(const swe_mesh_cli *cli, const swe_mesh_model *model)
{
    if (strcmp(cli->scenario.name, "backward-facing-step") == 0) {
        double band = 0.25, bin = 0.1;
        printf("reattachment_length_m=%.2f (mean u within %.2f m of the lower wall, %.2f m bins)\n",
               swe_mesh_reattachment_length(&model->run.mesh, &model->run.host, 0, 0, band, bin),
               band, bin);
    }
}

int swe_mesh_cli_run(const swe_mesh_cli *cli, swe_error *err)
{
    if (cli->write_square > 0) {
        return write_square(cli, err);
    }
    swe_mesh_model *model = NULL;
    int status = swe_mesh_model_create(&cli->options, &model, err);
    if (status != SWE_OK) {
        return status;
    }
    if (!cli->quiet) {
        print_setup(cli, model);
    }
    swe_mesh_outputs outputs;
    status = swe_mesh_outputs_open(&outputs, cli, model, err);
    run_timing timing = {0, 0};
    for (int k = 1; status == SWE_OK && k <= cli->outputs; ++k) {
        double target = cli->t_end * k / cli->outputs;
        double start = swe_wall_seconds(), cpu_start = cpu_seconds();
        status = swe_mesh_model_advance(model, target, err);
        timing.seconds += swe_wall_seconds() - start;
        timing.cpu_seconds += cpu_seconds() - cpu_start;
        if (status == SWE_OK) {
            status = swe_mesh_outputs_write(&outputs, model, err);
        }
        if (status == SWE_OK && !cli->quiet) {
            fprintf(stderr, "t = %.6g s, %ld steps, %.3g cell-steps/s\n", model->clock.t,
                    model->clock.steps,
                    timing.seconds > 0
                        ? model->run.mesh.cell_count * (double)model->clock.steps / timing.seconds
                        : 0.0);
        }
    }
    status = swe_mesh_outputs_close(&outputs, status, err);
    uint64_t checksum = 0;
    double volume = 0;
    if (status == SWE_OK) {
        status = swe_mesh_model_checksum(model, &checksum, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_model_volume(model, &volume, err);
    }
    if (status == SWE_OK) {
        print_summary(cli, model, timing, checksum, volume);
        print_measures(cli, model);
    }
    swe_mesh_model_free(model);
    return status;
}
