#include "ns/model/ns_checkpoint.h"

#include "core/printable.h"
#include "io/atomic_file.h"
#include "io/child_task.h"
#include "io/untrusted_file.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char magic[16] = "shallows-ns-cp1\n";

enum { CASE_NAME_BYTES = 32, IDENTITY_VALUES = 41 };

/* The fastest velocity component a checkpoint may hold: 100 km/s, as for
 * the shallow-water runs. An incompressible flow lies far below the speed
 * of sound (1.5 km/s in water), and a forged 1e30 would shrink the time
 * step until the run never ends. */
#define NS_CHECKPOINT_MAX_SPEED 1.0e5

static const char *const damaged = "use an earlier checkpoint or start again";

/* A file read or written through one FNV-1a hash of its bytes. */
typedef struct hashed_file {
    FILE *stream;
    uint64_t hash;
    int failed;
} hashed_file;

static void hash_bytes(hashed_file *file, const void *bytes, size_t size)
{
    const unsigned char *p = bytes;
    for (size_t b = 0; b < size; ++b) {
        file->hash = (file->hash ^ p[b]) * 0x100000001b3u;
    }
}

static void put(hashed_file *file, const void *bytes, size_t size)
{
    hash_bytes(file, bytes, size);
    file->failed |= fwrite(bytes, 1, size, file->stream) != size;
}

static void get(hashed_file *file, void *bytes, size_t size)
{
    file->failed |= fread(bytes, 1, size, file->stream) != size;
    hash_bytes(file, bytes, size);
}

/* The numbers that say what run a state belongs to, with their names for
 * the message that refuses another run's checkpoint. */
static void identity_of(const ns_solver *whole, const ns_checkpoint_run *run,
                        double values[IDENTITY_VALUES], const char *names[IDENTITY_VALUES])
{
    static const char *const face_names[NS_FACES] = {"west",  "east",   "south",
                                                     "north", "bottom", "top"};
    static char face_labels[NS_FACES][2][40];
    const ns_grid *g = &whole->grid;
    const ns_parameters *p = &whole->parameters;
    int v = 0;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        names[v] = "cells along an axis";
        values[v++] = g->n[axis];
        names[v] = "length along an axis";
        values[v++] = g->h[axis] * g->n[axis];
    }
    for (int face = 0; face < NS_FACES; ++face) {
        snprintf(face_labels[face][0], sizeof face_labels[face][0], "%s boundary",
                 face_names[face]);
        snprintf(face_labels[face][1], sizeof face_labels[face][1], "%s wall's velocity",
                 face_names[face]);
        names[v] = face_labels[face][0];
        values[v++] = g->wall[face].kind;
        for (int c = 0; c < NS_AXES; ++c) {
            names[v] = face_labels[face][1];
            values[v++] = g->wall[face].velocity[c];
        }
    }
    const struct {
        const char *name;
        double value;
    } physics[] = {{"viscosity", p->viscosity},
                   {"density", p->density},
                   {"body force", p->force[0]},
                   {"body force", p->force[1]},
                   {"body force", p->force[2]},
                   {"--cfl", p->cfl},
                   {"--dt", p->fixed_dt},
                   {"--cg-tolerance", p->cg_tolerance},
                   {"--t-end", run->t_end},
                   {"--outputs", run->outputs},
                   {"precision (bytes)", sizeof(real)}};
    for (size_t k = 0; k < sizeof physics / sizeof physics[0]; ++k) {
        names[v] = physics[k].name;
        values[v++] = physics[k].value;
    }
}

static uint64_t mask_hash(const ns_solver *whole)
{
    hashed_file hash = {.hash = 0xcbf29ce484222325u};
    const ns_grid *g = &whole->grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            hash_bytes(&hash, whole->fluid + ns_index(g, 0, j, k), (size_t)g->n[0]);
        }
    }
    return hash.hash;
}

/* The seven fields of a checkpoint, in file order. */
static void fields_of(const ns_solver *whole, real *fields[7])
{
    for (int c = 0; c < NS_AXES; ++c) {
        fields[c] = whole->velocity[c];
        fields[NS_AXES + c] = whole->history[c];
    }
    fields[6] = whole->pressure;
}

typedef void row_io(hashed_file *file, void *bytes, size_t size);

static void put_row(hashed_file *file, void *bytes, size_t size)
{
    put(file, bytes, size);
}

/* Every interior row of every field, through io. */
static void transfer_fields(hashed_file *file, const ns_solver *whole, row_io *io)
{
    const ns_grid *g = &whole->grid;
    real *fields[7];
    fields_of(whole, fields);
    for (int f = 0; f < 7; ++f) {
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                io(file, fields[f] + ns_index(g, 0, j, k), (size_t)g->n[0] * sizeof(real));
            }
        }
    }
}

/* The header and position: the same sequence of items for both ways. */
typedef struct header {
    char magic[16];
    char case_name[CASE_NAME_BYTES];
    double identity[IDENTITY_VALUES];
    uint64_t mask;
    double t, last_dt, wave_speed, cfl;
    int64_t steps, cg_iterations_total;
    int32_t next_snapshot, have_history;
} header;

static void transfer_header(hashed_file *file, header *h, row_io *io)
{
    io(file, h->magic, sizeof h->magic);
    io(file, h->case_name, sizeof h->case_name);
    io(file, h->identity, sizeof h->identity);
    io(file, &h->mask, sizeof h->mask);
    double *clock[] = {&h->t, &h->last_dt, &h->wave_speed, &h->cfl};
    for (int c = 0; c < 4; ++c) {
        io(file, clock[c], sizeof *clock[c]);
    }
    io(file, &h->steps, sizeof h->steps);
    io(file, &h->cg_iterations_total, sizeof h->cg_iterations_total);
    io(file, &h->next_snapshot, sizeof h->next_snapshot);
    io(file, &h->have_history, sizeof h->have_history);
}

static void header_of(const ns_solver *whole, const ns_checkpoint_run *run,
                      const ns_checkpoint_state *state, header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, magic, sizeof magic);
    snprintf(h->case_name, sizeof h->case_name, "%s", run->case_name);
    const char *names[IDENTITY_VALUES];
    identity_of(whole, run, h->identity, names);
    h->mask = mask_hash(whole);
    const swe_clock *clock = &state->position.clock;
    h->t = clock->t;
    h->last_dt = clock->last_dt;
    h->wave_speed = clock->wave_speed;
    h->cfl = clock->cfl;
    h->steps = clock->steps;
    h->cg_iterations_total = state->cg_iterations_total;
    h->next_snapshot = state->position.next_snapshot;
    h->have_history = state->have_history;
}

int ns_checkpoint_write(const char *path, const ns_solver *whole, const ns_checkpoint_run *run,
                        const ns_checkpoint_state *state, swe_error *err)
{
    if (path == NULL || whole == NULL || run == NULL || run->case_name == NULL || state == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a checkpoint needs a state");
    }
    header h;
    header_of(whole, run, state, &h);
    swe_atomic_file out;
    int status = swe_atomic_file_open(&out, path, err);
    if (status != SWE_OK) {
        return status;
    }
    hashed_file file = {.stream = out.stream, .hash = 0xcbf29ce484222325u};
    transfer_header(&file, &h, put_row);
    transfer_fields(&file, whole, put_row);
    uint64_t hash = file.hash;
    file.failed |= fwrite(&hash, sizeof hash, 1, out.stream) != 1;
    return file.failed ? swe_atomic_file_write_failed(&out, err)
                       : swe_atomic_file_commit(&out, err);
}

static void get_row(hashed_file *file, void *bytes, size_t size)
{
    get(file, bytes, size);
}

/* Bytes of a checkpoint of whole's grid. */
static long long expected_size(const ns_solver *whole)
{
    header h;
    long long header_bytes = sizeof h.magic + sizeof h.case_name + sizeof h.identity +
                             sizeof h.mask + 4 * sizeof(double) + 2 * sizeof(int64_t) +
                             2 * sizeof(int32_t);
    return header_bytes + 7LL * (long long)ns_grid_interior_cells(&whole->grid) * sizeof(real) +
           (long long)sizeof(uint64_t);
}

/* The file's size and hash against what they must be, before any of it is
 * believed. */
static int check_integrity(FILE *stream, const char *path, const ns_solver *whole,
                           const char *case_name, swe_error *err)
{
    char start[sizeof magic], stored_case[CASE_NAME_BYTES];
    if (fread(start, 1, sizeof start, stream) != sizeof start ||
        memcmp(start, magic, sizeof magic) != 0 ||
        fread(stored_case, 1, sizeof stored_case, stream) != sizeof stored_case) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s is not a shallows-ns checkpoint", path);
    }
    if (strncmp(stored_case, case_name, sizeof stored_case) != 0) {
        /* Bytes of the file, not yet vouched for by its hash: escaped. */
        char shown[4 * CASE_NAME_BYTES + 4];
        swe_printable(stored_case, strnlen(stored_case, sizeof stored_case), shown, sizeof shown);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint %s is of case '%s', not '%s': restart with the same case", path,
                        shown, case_name);
    }
    long long size = -1;
    if (fseek(stream, 0, SEEK_END) == 0) {
        size = (long long)ftell(stream);
    }
    if (size != expected_size(whole)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint %s has %lld bytes, a checkpoint of this run's %d x %d x %d "
                        "cells in %s precision %lld: truncated, or of another run",
                        path, size, whole->grid.n[0], whole->grid.n[1], whole->grid.n[2],
                        SWE_PRECISION_NAME, expected_size(whole));
    }
    rewind(stream);
    hashed_file file = {.stream = stream, .hash = 0xcbf29ce484222325u};
    unsigned char buffer[1 << 16];
    long long left = size - (long long)sizeof(uint64_t);
    while (left > 0 && !file.failed) {
        size_t chunk = left < (long long)sizeof buffer ? (size_t)left : sizeof buffer;
        get(&file, buffer, chunk);
        left -= (long long)chunk;
    }
    uint64_t stored = 0;
    file.failed |= fread(&stored, sizeof stored, 1, stream) != 1;
    if (file.failed || stored != file.hash) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint %s is damaged (its hash does not match its contents)", path);
    }
    rewind(stream);
    return SWE_OK;
}

/* The stored run against this one, naming the first difference. */
static int check_same_run(const header *stored, const header *expected, const char *path,
                          const ns_solver *whole, const ns_checkpoint_run *run, swe_error *err)
{
    double values[IDENTITY_VALUES];
    const char *names[IDENTITY_VALUES];
    identity_of(whole, run, values, names);
    for (int v = 0; v < IDENTITY_VALUES; ++v) {
        if (memcmp(&stored->identity[v], &values[v], sizeof values[v]) != 0) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "checkpoint %s is of another run: its %s is %.17g, this run's %.17g "
                            "(restart with the options of the first run)",
                            path, names[v], stored->identity[v], values[v]);
        }
    }
    if (stored->mask != expected->mask) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint %s is of another run: its obstacles differ (restart with the "
                        "same --obstacles)",
                        path);
    }
    return SWE_OK;
}

/* A clock the driver writes: t before t_end, a next snapshot of the run,
 * finite non-negative dt and speed, counters that are counts. */
static int check_clock(const header *stored, const char *path, const ns_checkpoint_run *run,
                       swe_error *err)
{
    if (stored->t >= 0 && stored->t < run->t_end && stored->steps >= 0 &&
        stored->next_snapshot >= 1 && stored->next_snapshot <= run->outputs &&
        isfinite(stored->last_dt) && stored->last_dt >= 0 && isfinite(stored->wave_speed) &&
        stored->wave_speed >= 0 && (stored->have_history == 0 || stored->have_history == 1) &&
        stored->cg_iterations_total >= 0) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "checkpoint %s holds t = %.17g s after %lld steps before snapshot %d of %d, "
                    "which no run writes (%s)",
                    path, stored->t, (long long)stored->steps, (int)stored->next_snapshot,
                    run->outputs, damaged);
}

/* Every value read finite, every velocity component within
 * NS_CHECKPOINT_MAX_SPEED: a hash made to fit a changed state does not
 * make it one a run reaches. */
static int check_fields(const ns_solver *whole, const char *path, swe_error *err)
{
    static const char *const names[7] = {
        "u", "v", "w", "the history of u", "the history of v", "the history of w", "p"};
    const ns_grid *g = &whole->grid;
    real *fields[7];
    fields_of(whole, fields);
    for (int f = 0; f < 7; ++f) {
        double limit = f < NS_AXES ? NS_CHECKPOINT_MAX_SPEED : INFINITY;
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i) {
                    double value = (double)fields[f][ns_index(g, i, j, k)];
                    if (!(fabs(value) <= limit)) {
                        return swe_fail(err, SWE_ERROR_USAGE,
                                        "checkpoint %s holds %s = %g at cell (%d, %d, %d), "
                                        "beyond any run (finite values, speeds up to %g; %s)",
                                        path, names[f], value, i, j, k, NS_CHECKPOINT_MAX_SPEED,
                                        damaged);
                    }
                }
            }
        }
    }
    return SWE_OK;
}

static const char read_fix[] = "give a PATH.checkpoint written by shallows-ns --checkpoint-every";

/* Reads and checks everything (in the child process). */
static int read_checked(const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                        ns_checkpoint_state *state, swe_error *err)
{
    /* A named pipe or a directory is refused before it can block or
     * mislead the reads below. */
    const char *fix = read_fix;
    double bytes = 0;
    FILE *stream = swe_untrusted_file_open("checkpoint", path, fix, &bytes, err);
    if (stream == NULL) {
        return SWE_ERROR_USAGE;
    }
    header stored, expected;
    ns_checkpoint_state unused = {0};
    header_of(whole, run, &unused, &expected);
    int status = check_integrity(stream, path, whole, run->case_name, err);
    hashed_file file = {.stream = stream, .hash = 0xcbf29ce484222325u};
    if (status == SWE_OK) {
        transfer_header(&file, &stored, get_row);
        status = check_same_run(&stored, &expected, path, whole, run, err);
    }
    if (status == SWE_OK) {
        status = check_clock(&stored, path, run, err);
    }
    if (status == SWE_OK) {
        transfer_fields(&file, whole, get_row);
        status = file.failed ? swe_fail(err, SWE_ERROR_USAGE, "cannot read checkpoint %s", path)
                             : check_fields(whole, path, err);
    }
    fclose(stream);
    if (status == SWE_OK) {
        *state =
            (ns_checkpoint_state){.position = {.clock = {.t = stored.t,
                                                         .steps = (long)stored.steps,
                                                         .last_dt = stored.last_dt,
                                                         .cfl = stored.cfl,
                                                         .wave_speed = (real)stored.wave_speed},
                                               .next_snapshot = stored.next_snapshot},
                                  .have_history = stored.have_history,
                                  .cg_iterations_total = (long)stored.cg_iterations_total};
    }
    return status;
}

/* The interior values of the seven fields, row after row: into a flat
 * buffer (to_whole zero) or back into whole. */
static size_t move_fields(const ns_solver *whole, unsigned char *flat, int to_whole)
{
    const ns_grid *g = &whole->grid;
    real *fields[7];
    fields_of(whole, fields);
    const size_t row = (size_t)g->n[0] * sizeof(real);
    size_t at = 0;
    for (int f = 0; f < 7; ++f) {
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j, at += row) {
                real *values = fields[f] + ns_index(g, 0, j, k);
                if (flat != NULL) {
                    memcpy(to_whole ? (void *)values : (void *)(flat + at),
                           to_whole ? (const void *)(flat + at) : (const void *)values, row);
                }
            }
        }
    }
    return at;
}

typedef struct reading {
    const char *path;
    ns_solver *whole;
    const ns_checkpoint_run *run;
} reading;

/* In the child: read and check everything, then send the state and the
 * fields' values. */
static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const reading *r = context;
    ns_checkpoint_state state;
    memset(&state, 0, sizeof state); /* its padding too: sent whole */
    int status = read_checked(r->path, r->whole, r->run, &state, err);
    size_t bytes = move_fields(r->whole, NULL, 0);
    unsigned char *flat = status == SWE_OK ? malloc(bytes) : NULL;
    if (status == SWE_OK && flat == NULL) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a checkpoint");
    }
    if (status == SWE_OK) {
        move_fields(r->whole, flat, 0);
        status = swe_child_announce(pipe, (double)(sizeof state + bytes), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, &state, sizeof state, err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, flat, bytes, err);
    }
    free(flat);
    return status;
}

int ns_checkpoint_read(const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                       ns_checkpoint_state *state, swe_error *err)
{
    if (path == NULL || whole == NULL || run == NULL || run->case_name == NULL || state == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: reading a checkpoint needs a state");
    }
    reading r = {.path = path, .whole = whole, .run = run};
    void *result = NULL;
    size_t size = 0;
    int status = swe_untrusted_read_in_child("checkpoint", path, read_fix, read_in_child, &r,
                                             &result, &size, err);
    if (status == SWE_OK && size != sizeof *state + move_fields(whole, NULL, 0)) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a checkpoint came back short");
    }
    if (status == SWE_OK) {
        memcpy(state, result, sizeof *state);
        move_fields(whole, (unsigned char *)result + sizeof *state, 1);
    }
    free(result);
    return status;
}
