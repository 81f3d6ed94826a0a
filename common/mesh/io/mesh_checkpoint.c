#include "mesh/io/mesh_checkpoint.h"

#include "core/printable.h"
#include "io/atomic_file.h"
#include "io/child_task.h"
#include "io/untrusted_file.h"
#include "mesh/geometry/mesh_fingerprint.h"
#include "shallow_water/state_limits.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Format 2 records the water's volume; format 1 (without it) is refused. */
static const char magic[8] = {'S', 'W', 'E', 'T', 'R', 'I', 'C', '2'};
enum { MAGIC_VERSION = 7 }; /* where the format's digit stands */

static const char *const fix = "give a PATH.checkpoint written by shallows --mesh "
                               "--checkpoint-every";
static const char *const damaged = "use an earlier checkpoint or start again";

/* Everything but the arrays, zeroed before filling (padding included),
 * so that equal runs give equal bytes. */
typedef struct header {
    char magic[8];
    int32_t real_size;
    swe_mesh_checkpoint_run run;
    double t, last_dt, wave_speed, cfl;
    int64_t steps;
    int32_t next_snapshot;
    double volume; /* m3 of water: sum of h * area over the cells, file order */
} header;

static size_t array_bytes(int cells)
{
    return (size_t)cells * sizeof(real);
}

static uint64_t hash_of(const header *head, const swe_mesh_checkpoint_state *state, int cells)
{
    uint64_t hash = swe_fnv1a(SWE_FNV_OFFSET, head, sizeof *head);
    const real *fields[3] = {state->h, state->hu, state->hv};
    for (int f = 0; f < 3; ++f) {
        hash = swe_fnv1a(hash, fields[f], array_bytes(cells));
    }
    return hash;
}

/* In file order, so that writer and reader sum the same numbers in the
 * same order: the same bits. */
static double volume_of(const swe_mesh_checkpoint_state *state, int cells)
{
    double volume = 0;
    for (int k = 0; k < cells; ++k) {
        volume += (double)state->h[k] * state->area[k];
    }
    return volume;
}

static int check_arguments(const char *path, const swe_mesh_checkpoint_run *run,
                           const void *position, const swe_mesh_checkpoint_state *state,
                           swe_error *err)
{
    if (path == NULL || run == NULL || position == NULL || state == NULL || state->h == NULL ||
        state->hu == NULL || state->hv == NULL || state->area == NULL || run->cells < 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a checkpoint needs a run and a state");
    }
    return SWE_OK;
}

int swe_mesh_checkpoint_write(const char *path, const swe_mesh_checkpoint_run *run,
                              const swe_checkpoint_position *position,
                              const swe_mesh_checkpoint_state *state, swe_error *err)
{
    int status = check_arguments(path, run, position, state, err);
    if (status != SWE_OK) {
        return status;
    }
    header head;
    memset(&head, 0, sizeof head);
    memcpy(head.magic, magic, sizeof magic);
    head.real_size = (int32_t)sizeof(real);
    head.run = *run;
    head.t = position->clock.t;
    head.last_dt = position->clock.last_dt;
    head.wave_speed = (double)position->clock.wave_speed;
    head.cfl = position->clock.cfl;
    head.steps = position->clock.steps;
    head.next_snapshot = position->next_snapshot;
    head.volume = volume_of(state, run->cells);
    uint64_t hash = hash_of(&head, state, run->cells);
    swe_atomic_file file;
    status = swe_atomic_file_open(&file, path, err);
    if (status != SWE_OK) {
        return status;
    }
    const real *fields[3] = {state->h, state->hu, state->hv};
    int written = fwrite(&head, sizeof head, 1, file.stream) == 1;
    for (int f = 0; written && f < 3; ++f) {
        written = fwrite(fields[f], array_bytes(run->cells), 1, file.stream) == 1;
    }
    written = written && fwrite(&hash, sizeof hash, 1, file.stream) == 1;
    if (!written) {
        return swe_atomic_file_write_failed(&file, err);
    }
    return swe_atomic_file_commit(&file, err);
}

/* The first way the checkpoint's run differs from this one, or NULL. */
static const char *difference(const swe_mesh_checkpoint_run *file,
                              const swe_mesh_checkpoint_run *run)
{
    if (strncmp(file->scenario, run->scenario, sizeof run->scenario) != 0) {
        return "scenario";
    }
    if (file->cells != run->cells || file->mesh != run->mesh) {
        return "mesh";
    }
    if (file->parameters != run->parameters) {
        return "scenario parameters (--set)";
    }
    if (file->order != run->order) {
        return "order";
    }
    if (file->cfl != run->cfl) {
        return "CFL number";
    }
    if (file->manning != run->manning || file->viscosity != run->viscosity) {
        return "Manning's n or viscosity";
    }
    if (file->t_end != run->t_end || file->outputs != run->outputs) {
        return "--t-end or --outputs";
    }
    return NULL;
}

/* The header's start: a checkpoint of a triangle run, of this format. */
static int check_magic(const char *path, const header *head, int complete, swe_error *err)
{
    if (complete && memcmp(head->magic, magic, sizeof magic) == 0) {
        return SWE_OK;
    }
    if (complete && memcmp(head->magic, magic, MAGIC_VERSION) == 0) {
        char version[8];
        swe_printable(&head->magic[MAGIC_VERSION], 1, version, sizeof version);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint '%s' is of format %s, this shallows reads format %c only "
                        "(start the run again)",
                        path, version, magic[MAGIC_VERSION]);
    }
    return swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' is not of a triangle run (%s)", path,
                    fix);
}

/* Reads the whole file: header, arrays and hash, sizes checked. */
static int read_file(const char *path, header *head, const swe_mesh_checkpoint_state *state,
                     int cells, uint64_t *hash, swe_error *err)
{
    /* A named pipe or a directory is refused before it can block or
     * mislead the reads below. */
    double bytes = 0;
    FILE *stream = swe_untrusted_file_open("checkpoint", path, fix, &bytes, err);
    if (stream == NULL) {
        return SWE_ERROR_USAGE;
    }
    int status = check_magic(path, head, fread(head, sizeof *head, 1, stream) == 1, err);
    if (status != SWE_OK) {
        fclose(stream);
        return status;
    }
    if (head->real_size != (int32_t)sizeof(real) || head->run.cells != cells) {
        fclose(stream);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the checkpoint '%s' is of another precision or mesh (%d cells, %d-byte "
                        "reals; this run: %d, %d)",
                        path, head->run.cells, head->real_size, cells, (int)sizeof(real));
    }
    real *fields[3] = {state->h, state->hu, state->hv};
    int complete = 1;
    for (int f = 0; complete && f < 3; ++f) {
        complete = fread(fields[f], array_bytes(cells), 1, stream) == 1;
    }
    complete = complete && fread(hash, sizeof *hash, 1, stream) == 1 && fgetc(stream) == EOF;
    fclose(stream);
    return complete ? SWE_OK
                    : swe_fail(err, SWE_ERROR_USAGE, "the checkpoint '%s' is truncated or too long",
                               path);
}

/* A clock the driver writes: t before t_end, a next snapshot of the run,
 * finite non-negative dt and wave speed, a CFL number of the rule's. */
static int check_clock(const char *path, const header *head, const swe_mesh_checkpoint_run *run,
                       swe_error *err)
{
    if (head->t >= 0 && head->t < run->t_end && head->steps >= 0 && head->next_snapshot >= 1 &&
        head->next_snapshot <= run->outputs && isfinite(head->last_dt) && head->last_dt >= 0 &&
        isfinite(head->wave_speed) && head->wave_speed >= 0 && head->cfl > 0 && head->cfl <= 1) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE, "the checkpoint '%s' has an impossible clock (%s)", path,
                    damaged);
}

/* Every cell a state a run reaches, and the water the file records: a
 * checksum made to fit a changed state does not make it one. */
static int check_state(const char *path, const header *head, const swe_mesh_checkpoint_state *state,
                       int cells, swe_error *err)
{
    for (int k = 0; k < cells; ++k) {
        if (!swe_cell_plausible(state->h[k], state->hu[k], state->hv[k])) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the checkpoint '%s' holds h = %g, hu = %g, hv = %g in triangle %d of "
                            "the mesh file, beyond any run (depths 0 to %g m, speeds up to %g "
                            "m/s; %s)",
                            path, (double)state->h[k], (double)state->hu[k], (double)state->hv[k],
                            k, SWE_STATE_MAX_DEPTH, SWE_STATE_MAX_SPEED, damaged);
        }
    }
    double volume = volume_of(state, cells);
    /* Summed as the writer summed it: only round-off of another build's
     * compiler may differ. */
    if (!(fabs(volume - head->volume) <= 1e-12 * fabs(head->volume))) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the checkpoint '%s' holds %.9g m3 of water, not the %.9g m3 it records "
                        "(%s)",
                        path, volume, head->volume, damaged);
    }
    return SWE_OK;
}

/* Reads and checks everything (in the child process). */
static int read_checked(const char *path, const swe_mesh_checkpoint_run *run,
                        swe_checkpoint_position *position, const swe_mesh_checkpoint_state *state,
                        swe_error *err)
{
    int status = SWE_OK;
    header head;
    uint64_t hash = 0;
    if (status == SWE_OK) {
        status = read_file(path, &head, state, run->cells, &hash, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    if (hash != hash_of(&head, state, run->cells)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the checkpoint '%s' is damaged (checksum)", path);
    }
    const char *differs = difference(&head.run, run);
    if (differs != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the checkpoint '%s' is of another run: its %s differs from this one's",
                        path, differs);
    }
    status = check_clock(path, &head, run, err);
    if (status == SWE_OK) {
        status = check_state(path, &head, state, run->cells, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    position->clock = (swe_clock){.t = head.t,
                                  .steps = (long)head.steps,
                                  .last_dt = head.last_dt,
                                  .cfl = head.cfl,
                                  .wave_speed = (real)head.wave_speed};
    position->next_snapshot = head.next_snapshot;
    return SWE_OK;
}

typedef struct reading {
    const char *path;
    const swe_mesh_checkpoint_run *run;
    const swe_mesh_checkpoint_state *state;
} reading;

/* In the child: read and check everything, then send the position and
 * the arrays h, hu, hv. */
static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const reading *r = context;
    swe_checkpoint_position position;
    memset(&position, 0, sizeof position); /* its padding too: sent whole */
    int status = read_checked(r->path, r->run, &position, r->state, err);
    if (status == SWE_OK) {
        status = swe_child_announce(pipe, sizeof position + 3.0 * array_bytes(r->run->cells), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, &position, sizeof position, err);
    }
    const real *fields[3] = {r->state->h, r->state->hu, r->state->hv};
    for (int f = 0; f < 3 && status == SWE_OK; ++f) {
        status = swe_child_send(pipe, fields[f], array_bytes(r->run->cells), err);
    }
    return status;
}

int swe_mesh_checkpoint_read(const char *path, const swe_mesh_checkpoint_run *run,
                             swe_checkpoint_position *position,
                             const swe_mesh_checkpoint_state *state, swe_error *err)
{
    int status = check_arguments(path, run, position, state, err);
    if (status != SWE_OK) {
        return status;
    }
    reading r = {.path = path, .run = run, .state = state};
    void *result = NULL;
    size_t size = 0;
    status = swe_untrusted_read_in_child("checkpoint", path, fix, read_in_child, &r, &result, &size,
                                         err);
    if (status == SWE_OK && size != sizeof *position + 3 * array_bytes(run->cells)) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a checkpoint came back short");
    }
    if (status == SWE_OK) {
        const unsigned char *back = result;
        memcpy(position, back, sizeof *position);
        real *fields[3] = {state->h, state->hu, state->hv};
        for (int f = 0; f < 3; ++f) {
            memcpy(fields[f], back + sizeof *position + (size_t)f * array_bytes(run->cells),
                   array_bytes(run->cells));
        }
    }
    free(result);
    return status;
}
