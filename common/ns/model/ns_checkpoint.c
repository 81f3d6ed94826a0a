#include "ns/model/ns_checkpoint.h"

#include "core/printable.h"
#include "io/atomic_file.h"
#include "io/child_task.h"
#include "io/netcdf_cf.h"
#include "io/netcdf_create.h"
#include "io/untrusted_file.h"

#include <inttypes.h>
#include <math.h>
#include <netcdf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CASE_NAME_BYTES = 32, IDENTITY_VALUES = 41, FIELDS = 7 };

/* The fastest velocity component a checkpoint may hold: 100 km/s, as for
 * the shallow-water runs. An incompressible flow lies far below the speed
 * of sound (1.5 km/s in water), and a forged 1e30 would shrink the time
 * step until the run never ends. */
#define NS_CHECKPOINT_MAX_SPEED 1.0e5

static const char *const damaged = "use an earlier checkpoint or start again";
static const char read_fix[] =
    "give a PATH.checkpoint.nc written by shallows-ns --checkpoint-every";

/* The seven fields of a checkpoint, in the order of fields_of, as CF
 * variables over (z, y, x): the velocity at the faces of the staggered
 * grid, the right-hand sides of the last step (Adams-Bashforth's history)
 * and the pressure at the cell centres. */
static const swe_cf_variable field_variables[FIELDS] = {
    {"u", "velocity along x at the cell's east face", "m s-1", NULL},
    {"v", "velocity along y at the cell's north face", "m s-1", NULL},
    {"w", "velocity along z at the cell's top face", "m s-1", NULL},
    {"u_history", "right-hand side of u's equation at the last step (Adams-Bashforth)", "m s-2",
     NULL},
    {"v_history", "right-hand side of v's equation at the last step (Adams-Bashforth)", "m s-2",
     NULL},
    {"w_history", "right-hand side of w's equation at the last step (Adams-Bashforth)", "m s-2",
     NULL},
    {"p", "pressure (mean zero) at the cell centre", "Pa", NULL}};

/* FNV-1a over bytes, continuing hash. */
static uint64_t fnv1a(uint64_t hash, const void *bytes, size_t size)
{
    const unsigned char *p = bytes;
    for (size_t b = 0; b < size; ++b) {
        hash = (hash ^ p[b]) * 0x100000001b3u;
    }
    return hash;
}

#define FNV_OFFSET 0xcbf29ce484222325u

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
    uint64_t hash = FNV_OFFSET;
    const ns_grid *g = &whole->grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            hash = fnv1a(hash, whole->fluid + ns_index(g, 0, j, k), (size_t)g->n[0]);
        }
    }
    return hash;
}

static void fields_of(const ns_solver *whole, real *fields[FIELDS])
{
    for (int c = 0; c < NS_AXES; ++c) {
        fields[c] = whole->velocity[c];
        fields[NS_AXES + c] = whole->history[c];
    }
    fields[6] = whole->pressure;
}

/* The interior values of field f, x fastest: into flat (to_whole zero) or
 * back into whole. */
static void move_field(const ns_solver *whole, int f, real *flat, int to_whole)
{
    const ns_grid *g = &whole->grid;
    real *fields[FIELDS];
    fields_of(whole, fields);
    const size_t row = (size_t)g->n[0];
    size_t at = 0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j, at += row) {
            real *values = fields[f] + ns_index(g, 0, j, k);
            memcpy(to_whole ? values : flat + at, to_whole ? flat + at : values,
                   row * sizeof(real));
        }
    }
}

/* What a checkpoint records besides the fields: the global attributes. */
typedef struct header {
    char case_name[CASE_NAME_BYTES];
    double identity[IDENTITY_VALUES];
    uint64_t mask;
    double t, last_dt, wave_speed, cfl, steps, cg_iterations_total;
    int next_snapshot, have_history;
} header;

static void header_of(const ns_solver *whole, const ns_checkpoint_run *run,
                      const ns_checkpoint_state *state, header *h)
{
    memset(h, 0, sizeof *h);
    snprintf(h->case_name, sizeof h->case_name, "%s", run->case_name);
    const char *names[IDENTITY_VALUES];
    identity_of(whole, run, h->identity, names);
    h->mask = mask_hash(whole);
    const swe_clock *clock = &state->position.clock;
    h->t = clock->t;
    h->last_dt = clock->last_dt;
    h->wave_speed = clock->wave_speed;
    h->cfl = clock->cfl;
    h->steps = (double)clock->steps;
    h->cg_iterations_total = (double)state->cg_iterations_total;
    h->next_snapshot = state->position.next_snapshot;
    h->have_history = state->have_history;
}

/* The clock's numbers, one table for writing and reading. */
static const struct {
    const char *name;
    size_t offset;
} clock_numbers[] = {{"t", offsetof(header, t)},
                     {"last_dt", offsetof(header, last_dt)},
                     {"wave_speed", offsetof(header, wave_speed)},
                     {"cfl", offsetof(header, cfl)},
                     {"steps", offsetof(header, steps)},
                     {"cg_iterations_total", offsetof(header, cg_iterations_total)}};
enum { CLOCK_NUMBERS = sizeof clock_numbers / sizeof clock_numbers[0] };

static double *clock_number(header *h, int n)
{
    return (double *)(void *)((unsigned char *)h + clock_numbers[n].offset);
}

/* FNV-1a over the header's values and every field's interior values (flat
 * holds room for one field): a damaged file is refused rather than
 * continued from. */
static uint64_t checksum_of(header *h, const ns_solver *whole, real *flat)
{
    uint64_t hash = fnv1a(FNV_OFFSET, h->case_name, sizeof h->case_name);
    hash = fnv1a(hash, h->identity, sizeof h->identity);
    hash = fnv1a(hash, &h->mask, sizeof h->mask);
    for (int n = 0; n < CLOCK_NUMBERS; ++n) {
        hash = fnv1a(hash, clock_number(h, n), sizeof(double));
    }
    hash = fnv1a(hash, &h->next_snapshot, sizeof h->next_snapshot);
    hash = fnv1a(hash, &h->have_history, sizeof h->have_history);
    size_t cells = ns_grid_interior_cells(&whole->grid);
    for (int f = 0; f < FIELDS; ++f) {
        move_field(whole, f, flat, 0);
        hash = fnv1a(hash, flat, cells * sizeof(real));
    }
    return hash;
}

static real *field_buffer(const ns_solver *whole, swe_error *err)
{
    real *flat = malloc(ns_grid_interior_cells(&whole->grid) * sizeof(real));
    if (flat == NULL) {
        swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a checkpoint of %d x %d x %d cells",
                 whole->grid.n[0], whole->grid.n[1], whole->grid.n[2]);
    }
    return flat;
}

/* ---- writing ---- */

static int put_header(const swe_cf_file *file, header *h, uint64_t checksum,
                      const ns_checkpoint_run *run, swe_error *err)
{
    char title[160], hex[2][17];
    snprintf(title, sizeof title,
             "shallows Navier-Stokes checkpoint of a %s run (velocity, history, p)",
             run->case_name);
    int status = swe_cf_put_globals(file, title, run->history, err);
    if (status == SWE_OK && run->backend != NULL) {
        status = swe_cf_put_text(file, NC_GLOBAL, "backend", run->backend, err);
    }
    snprintf(hex[0], sizeof hex[0], "%016" PRIx64, h->mask);
    snprintf(hex[1], sizeof hex[1], "%016" PRIx64, checksum);
    const char *texts[][2] = {{"precision", SWE_PRECISION_NAME},
                              {"case", h->case_name},
                              {"obstacle_mask_fnv1a", hex[0]},
                              {"checksum", hex[1]}};
    for (size_t t = 0; t < sizeof texts / sizeof texts[0] && status == SWE_OK; ++t) {
        status = swe_cf_put_text(file, NC_GLOBAL, texts[t][0], texts[t][1], err);
    }
    for (int n = 0; n < CLOCK_NUMBERS && status == SWE_OK; ++n) {
        status =
            swe_cf_put_double(file, NC_GLOBAL, clock_numbers[n].name, *clock_number(h, n), err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(file,
                              nc_put_att_double(file->ncid, NC_GLOBAL, "run_identity", NC_DOUBLE,
                                                IDENTITY_VALUES, h->identity),
                              "nc_put_att_double", "run_identity", err);
    }
    const struct {
        const char *name;
        int value;
    } ints[] = {{"next_snapshot", h->next_snapshot}, {"have_history", h->have_history}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0] && status == SWE_OK; ++i) {
        status = swe_cf_check(
            file, nc_put_att_int(file->ncid, NC_GLOBAL, ints[i].name, NC_INT, 1, &ints[i].value),
            "nc_put_att_int", ints[i].name, err);
    }
    return status;
}

static int define_and_write(const swe_cf_file *file, const ns_solver *whole, header *h,
                            const ns_checkpoint_run *run, real *flat, swe_error *err)
{
    static const char *const axes[NS_AXES] = {"x", "y", "z"};
    int dims[NS_AXES], varids[FIELDS];
    int status = SWE_OK;
    for (int axis = NS_AXES - 1; axis >= 0 && status == SWE_OK; --axis) {
        status = swe_cf_check(file,
                              nc_def_dim(file->ncid, axes[axis], (size_t)whole->grid.n[axis],
                                         &dims[NS_AXES - 1 - axis]),
                              "nc_def_dim", axes[axis], err);
    }
    for (int f = 0; f < FIELDS && status == SWE_OK; ++f) {
        status =
            swe_cf_define(file, &field_variables[f], SWE_CF_REAL, NS_AXES, dims, &varids[f], err);
    }
    uint64_t checksum = status == SWE_OK ? checksum_of(h, whole, flat) : 0;
    status = status == SWE_OK ? put_header(file, h, checksum, run, err) : status;
    status =
        status == SWE_OK ? swe_cf_check(file, nc_enddef(file->ncid), "nc_enddef", "", err) : status;
    for (int f = 0; f < FIELDS && status == SWE_OK; ++f) {
        move_field(whole, f, flat, 0);
        status = swe_cf_check(file, swe_cf_put_var_real(file->ncid, varids[f], flat), "nc_put_var",
                              field_variables[f].name, err);
    }
    return status;
}

int ns_checkpoint_write(const char *path, const ns_solver *whole, const ns_checkpoint_run *run,
                        const ns_checkpoint_state *state, swe_error *err)
{
    if (path == NULL || whole == NULL || run == NULL || run->case_name == NULL || state == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a checkpoint needs a state");
    }
    header h;
    header_of(whole, run, state, &h);
    real *flat = field_buffer(whole, err);
    if (flat == NULL) {
        return SWE_ERROR_RUNTIME;
    }
    int ncid = -1;
    char *temp_path = NULL;
    /* The classic format (64-bit offsets): a reader can check that the file
     * holds all the data its header declares before libnetcdf reads it. */
    int status = swe_netcdf_create_temporary(path, NC_64BIT_OFFSET, &ncid, &temp_path, err);
    if (status == SWE_OK) {
        const swe_cf_file file = {.ncid = ncid, .path = temp_path};
        status = define_and_write(&file, whole, &h, run, flat, err);
        int closed = nc_close(ncid);
        status = status == SWE_OK ? swe_cf_check(&file, closed, "nc_close", "", err) : status;
        status = status == SWE_OK ? swe_commit_path(temp_path, path, err) : status;
        if (status != SWE_OK) {
            remove(temp_path);
        }
    }
    free(temp_path);
    free(flat);
    return status;
}

/* ---- reading, in a child process ---- */

static int refuse(swe_error *err, const char *path, const char *problem)
{
    return swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' %s (%s)", path, problem, read_fix);
}

/* A global attribute of type type and count values (text: fewer than
 * count characters, terminated). */
static int get_attribute(int ncid, const char *path, const char *name, nc_type type, size_t count,
                         void *value, swe_error *err)
{
    nc_type stored;
    size_t length;
    int found = nc_inq_att(ncid, NC_GLOBAL, name, &stored, &length) == NC_NOERR && stored == type &&
                (type == NC_CHAR ? length < count : length == count);
    if (found && type == NC_CHAR) {
        found = nc_get_att_text(ncid, NC_GLOBAL, name, value) == NC_NOERR;
        ((char *)value)[found ? length : 0] = '\0';
    } else if (found) {
        found = (type == NC_INT ? nc_get_att_int(ncid, NC_GLOBAL, name, value)
                                : nc_get_att_double(ncid, NC_GLOBAL, name, value)) == NC_NOERR;
    }
    if (found) {
        return SWE_OK;
    }
    char problem[128];
    snprintf(problem, sizeof problem, "lacks the attribute '%s' of a shallows-ns checkpoint", name);
    return refuse(err, path, problem);
}

static int parse_hex(const char *text, uint64_t *value)
{
    char *end = NULL;
    unsigned long long parsed = strtoull(text, &end, 16);
    *value = (uint64_t)parsed;
    return strlen(text) == 16 && end == text + 16;
}

static int get_hex(int ncid, const char *path, const char *name, uint64_t *value, swe_error *err)
{
    char text[32];
    int status = get_attribute(ncid, path, name, NC_CHAR, sizeof text, text, err);
    if (status == SWE_OK && !parse_hex(text, value)) {
        status = swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' has a malformed %s (%s)", path,
                          name, damaged);
    }
    return status;
}

/* The case first, so that another case's checkpoint is named as such. */
static int read_header(int ncid, const char *path, const ns_checkpoint_run *run, header *h,
                       uint64_t *checksum, swe_error *err)
{
    memset(h, 0, sizeof *h);
    int status = get_attribute(ncid, path, "case", NC_CHAR, sizeof h->case_name, h->case_name, err);
    if (status == SWE_OK && strcmp(h->case_name, run->case_name) != 0) {
        char shown[4 * CASE_NAME_BYTES + 4];
        swe_printable(h->case_name, strlen(h->case_name), shown, sizeof shown);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint '%s' is of case '%s', not '%s': restart with the same case",
                        path, shown, run->case_name);
    }
    status = status == SWE_OK ? get_attribute(ncid, path, "run_identity", NC_DOUBLE,
                                              IDENTITY_VALUES, h->identity, err)
                              : status;
    status = status == SWE_OK ? get_hex(ncid, path, "obstacle_mask_fnv1a", &h->mask, err) : status;
    status = status == SWE_OK ? get_hex(ncid, path, "checksum", checksum, err) : status;
    for (int n = 0; n < CLOCK_NUMBERS && status == SWE_OK; ++n) {
        status =
            get_attribute(ncid, path, clock_numbers[n].name, NC_DOUBLE, 1, clock_number(h, n), err);
    }
    status = status == SWE_OK
                 ? get_attribute(ncid, path, "next_snapshot", NC_INT, 1, &h->next_snapshot, err)
                 : status;
    return status == SWE_OK
               ? get_attribute(ncid, path, "have_history", NC_INT, 1, &h->have_history, err)
               : status;
}

/* Each field an array of this run's grid in this build's precision, read
 * into whole. */
static int read_fields(int ncid, const char *path, ns_solver *whole, real *flat, swe_error *err)
{
    const ns_grid *g = &whole->grid;
    for (int f = 0; f < FIELDS; ++f) {
        int varid, count, dims[NC_MAX_VAR_DIMS];
        nc_type type;
        size_t length[NS_AXES] = {0};
        int fits = nc_inq_varid(ncid, field_variables[f].name, &varid) == NC_NOERR &&
                   nc_inq_varndims(ncid, varid, &count) == NC_NOERR && count == NS_AXES &&
                   nc_inq_var(ncid, varid, NULL, &type, &count, dims, NULL) == NC_NOERR &&
                   type == SWE_CF_REAL;
        for (int d = 0; d < NS_AXES && fits; ++d) {
            fits = nc_inq_dimlen(ncid, dims[d], &length[d]) == NC_NOERR &&
                   length[d] == (size_t)g->n[NS_AXES - 1 - d];
        }
        if (!fits) {
            char problem[200];
            snprintf(problem, sizeof problem,
                     "lacks the %d x %d x %d %s array '%s' of this run: of another run, or no "
                     "shallows-ns checkpoint",
                     g->n[0], g->n[1], g->n[2], SWE_PRECISION_NAME, field_variables[f].name);
            return refuse(err, path, problem);
        }
        int nc_status = swe_cf_get_var_real(ncid, varid, flat);
        if (nc_status != NC_NOERR) {
            return swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' cannot be read (%s: %s; %s)",
                            path, field_variables[f].name, nc_strerror(nc_status), damaged);
        }
        move_field(whole, f, flat, 1);
    }
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
                            "checkpoint '%s' is of another run: its %s is %.17g, this run's %.17g "
                            "(restart with the options of the first run)",
                            path, names[v], stored->identity[v], values[v]);
        }
    }
    if (stored->mask != expected->mask) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint '%s' is of another run: its obstacles differ (restart with the "
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
    if (stored->t >= 0 && stored->t < run->t_end && stored->steps >= 0 && stored->steps <= 1e15 &&
        stored->steps == floor(stored->steps) && stored->next_snapshot >= 1 &&
        stored->next_snapshot <= run->outputs && isfinite(stored->last_dt) &&
        stored->last_dt >= 0 && isfinite(stored->wave_speed) && stored->wave_speed >= 0 &&
        (stored->have_history == 0 || stored->have_history == 1) &&
        stored->cg_iterations_total >= 0 && stored->cg_iterations_total <= 1e15 &&
        stored->cg_iterations_total == floor(stored->cg_iterations_total)) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "checkpoint '%s' holds t = %.17g s after %.17g steps before snapshot %d of %d, "
                    "which no run writes (%s)",
                    path, stored->t, stored->steps, stored->next_snapshot, run->outputs, damaged);
}

/* Every value read finite, every velocity component within
 * NS_CHECKPOINT_MAX_SPEED: a checksum made to fit a changed state does not
 * make it one a run reaches. */
static int check_fields(const ns_solver *whole, const char *path, swe_error *err)
{
    static const char *const names[FIELDS] = {
        "u", "v", "w", "the history of u", "the history of v", "the history of w", "p"};
    const ns_grid *g = &whole->grid;
    real *fields[FIELDS];
    fields_of(whole, fields);
    for (int f = 0; f < FIELDS; ++f) {
        double limit = f < NS_AXES ? NS_CHECKPOINT_MAX_SPEED : INFINITY;
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i) {
                    double value = (double)fields[f][ns_index(g, i, j, k)];
                    if (!(fabs(value) <= limit)) {
                        return swe_fail(err, SWE_ERROR_USAGE,
                                        "checkpoint '%s' holds %s = %g at cell (%d, %d, %d), "
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

/* Reads and checks everything from the open file into whole and *state. */
static int read_open(int ncid, const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                     ns_checkpoint_state *state, real *flat, swe_error *err)
{
    header stored, expected;
    uint64_t checksum = 0;
    ns_checkpoint_state unused = {0};
    header_of(whole, run, &unused, &expected);
    int status = read_header(ncid, path, run, &stored, &checksum, err);
    status = status == SWE_OK ? read_fields(ncid, path, whole, flat, err) : status;
    if (status == SWE_OK && checksum_of(&stored, whole, flat) != checksum) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "checkpoint '%s' is damaged (its checksum does not match its contents; "
                          "%s)",
                          path, damaged);
    }
    status = status == SWE_OK ? check_same_run(&stored, &expected, path, whole, run, err) : status;
    status = status == SWE_OK ? check_clock(&stored, path, run, err) : status;
    status = status == SWE_OK ? check_fields(whole, path, err) : status;
    if (status == SWE_OK) {
        /* Member by member into the caller's zeroed state: it goes down the
         * pipe whole. */
        state->position.clock.t = stored.t;
        state->position.clock.steps = (long)stored.steps;
        state->position.clock.last_dt = stored.last_dt;
        state->position.clock.cfl = stored.cfl;
        state->position.clock.wave_speed = (real)stored.wave_speed;
        state->position.next_snapshot = stored.next_snapshot;
        state->have_history = stored.have_history;
        state->cg_iterations_total = (long)stored.cg_iterations_total;
    }
    return status;
}

typedef struct reading {
    const char *path;
    ns_solver *whole;
    const ns_checkpoint_run *run;
} reading;

/* In the child: read and check everything, then send the state and the
 * fields' interior values. */
static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const reading *r = context;
    ns_checkpoint_state state;
    memset(&state, 0, sizeof state); /* its padding too: sent whole */
    int status = swe_untrusted_file_check_classic("checkpoint", r->path, read_fix, err);
    int ncid = -1;
    if (status == SWE_OK) {
        int nc_status = nc_open(r->path, NC_NOWRITE, &ncid);
        status = nc_status == NC_NOERR
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_USAGE,
                                "checkpoint '%s' is no shallows-ns checkpoint: %s (%s)", r->path,
                                nc_strerror(nc_status), read_fix);
    }
    real *flat = status == SWE_OK ? field_buffer(r->whole, err) : NULL;
    status = status == SWE_OK && flat == NULL ? SWE_ERROR_RUNTIME : status;
    if (status == SWE_OK) {
        status = read_open(ncid, r->path, r->whole, r->run, &state, flat, err);
    }
    if (ncid >= 0) {
        nc_close(ncid); /* read-only: closing cannot lose data */
    }
    size_t cells = ns_grid_interior_cells(&r->whole->grid);
    if (status == SWE_OK) {
        status =
            swe_child_announce(pipe, (double)(sizeof state + FIELDS * cells * sizeof(real)), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, &state, sizeof state, err);
    }
    for (int f = 0; f < FIELDS && status == SWE_OK; ++f) {
        move_field(r->whole, f, flat, 0);
        status = swe_child_send(pipe, flat, cells * sizeof(real), err);
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
    size_t field_bytes = ns_grid_interior_cells(&whole->grid) * sizeof(real);
    if (status == SWE_OK && size != sizeof *state + FIELDS * field_bytes) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a checkpoint came back short");
    }
    if (status == SWE_OK) {
        unsigned char *back = result;
        memcpy(state, back, sizeof *state);
        for (int f = 0; f < FIELDS; ++f) {
            move_field(whole, f, (real *)(void *)(back + sizeof *state + f * field_bytes), 1);
        }
    }
    free(result);
    return status;
}
