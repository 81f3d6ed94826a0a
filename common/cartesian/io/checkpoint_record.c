#include "cartesian/io/checkpoint_record.h"

#include <inttypes.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <string.h>

static const char format_name[] = "shallows checkpoint 2";

int swe_checkpoint_refuse(swe_error *err, const char *path, const char *problem, const char *fix)
{
    return swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' %s (%s)", path, problem, fix);
}

static const char damaged[] = "it is damaged: use an earlier checkpoint or start again";
static const char written_by[] = "give a checkpoint written by shallows --checkpoint-every";

swe_checkpoint_numbers swe_checkpoint_numbers_of(const swe_block *block,
                                                 const swe_checkpoint_run *run,
                                                 const swe_checkpoint_position *position)
{
    return (swe_checkpoint_numbers){.t = position->clock.t,
                                    .steps = (double)position->clock.steps,
                                    .last_dt = position->clock.last_dt,
                                    .wave_speed = (double)position->clock.wave_speed,
                                    .cfl = run->cfl,
                                    .t_end = run->t_end,
                                    .manning = run->manning,
                                    .dry_tolerance = (double)SWE_DRY_TOLERANCE,
                                    .gravity = (double)SWE_GRAVITY,
                                    .nx = block->nx,
                                    .ny = block->ny,
                                    .outputs = run->outputs,
                                    .next_snapshot = position->next_snapshot};
}

/* The number attributes, one table for writing and reading. */
typedef struct double_attribute {
    const char *name;
    size_t offset;
} double_attribute;

static const double_attribute doubles[] = {
    {"t", offsetof(swe_checkpoint_numbers, t)},
    {"steps", offsetof(swe_checkpoint_numbers, steps)},
    {"last_dt", offsetof(swe_checkpoint_numbers, last_dt)},
    {"wave_speed", offsetof(swe_checkpoint_numbers, wave_speed)},
    {"cfl", offsetof(swe_checkpoint_numbers, cfl)},
    {"t_end", offsetof(swe_checkpoint_numbers, t_end)},
    {"manning", offsetof(swe_checkpoint_numbers, manning)},
    {"dry_tolerance", offsetof(swe_checkpoint_numbers, dry_tolerance)},
    {"gravity", offsetof(swe_checkpoint_numbers, gravity)},
};

static const double_attribute ints[] = {
    {"nx", offsetof(swe_checkpoint_numbers, nx)},
    {"ny", offsetof(swe_checkpoint_numbers, ny)},
    {"outputs", offsetof(swe_checkpoint_numbers, outputs)},
    {"next_snapshot", offsetof(swe_checkpoint_numbers, next_snapshot)},
};

enum {
    DOUBLE_COUNT = sizeof doubles / sizeof doubles[0],
    INT_COUNT = sizeof ints / sizeof ints[0]
};

static int put_failure(const char *path, const char *name, int nc_status, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "writing checkpoint '%s' failed in nc_put_att(%s): %s (check free disk space "
                    "and permissions)",
                    path, name, nc_strerror(nc_status));
}

int swe_checkpoint_put_attributes(int ncid, const char *path, const swe_checkpoint_run *run,
                                  const swe_checkpoint_numbers *n, swe_error *err)
{
    const char *const texts[][2] = {{"format", format_name},
                                    {"scenario", run->scenario},
                                    {"solver", run->solver},
                                    {"precision", SWE_PRECISION_NAME}};
    for (size_t a = 0; a < sizeof texts / sizeof texts[0]; ++a) {
        int nc_status =
            nc_put_att_text(ncid, NC_GLOBAL, texts[a][0], strlen(texts[a][1]), texts[a][1]);
        if (nc_status != NC_NOERR) {
            return put_failure(path, texts[a][0], nc_status, err);
        }
    }
    const char *base = (const char *)n;
    for (int a = 0; a < DOUBLE_COUNT; ++a) {
        int nc_status = nc_put_att_double(ncid, NC_GLOBAL, doubles[a].name, NC_DOUBLE, 1,
                                          (const double *)(base + doubles[a].offset));
        if (nc_status != NC_NOERR) {
            return put_failure(path, doubles[a].name, nc_status, err);
        }
    }
    for (int a = 0; a < INT_COUNT; ++a) {
        int nc_status = nc_put_att_int(ncid, NC_GLOBAL, ints[a].name, NC_INT, 1,
                                       (const int *)(base + ints[a].offset));
        if (nc_status != NC_NOERR) {
            return put_failure(path, ints[a].name, nc_status, err);
        }
    }
    return SWE_OK;
}

int swe_checkpoint_get_text(int ncid, const char *path, const char *name, char *value, size_t size,
                            swe_error *err)
{
    size_t length;
    nc_type type;
    if (nc_inq_att(ncid, NC_GLOBAL, name, &type, &length) != NC_NOERR || type != NC_CHAR ||
        length >= size || nc_get_att_text(ncid, NC_GLOBAL, name, value) != NC_NOERR) {
        char problem[128];
        snprintf(problem, sizeof problem, "lacks the attribute '%s'", name);
        return swe_checkpoint_refuse(err, path, problem, written_by);
    }
    value[length] = '\0';
    return SWE_OK;
}

/* One number: exactly one value of a numeric type. */
static int get_number(int ncid, const char *path, const char *name, double *value, int *integer,
                      swe_error *err)
{
    size_t length;
    nc_type type;
    int nc_status = nc_inq_att(ncid, NC_GLOBAL, name, &type, &length);
    if (nc_status == NC_NOERR && length == 1 && type != NC_CHAR) {
        nc_status = value != NULL ? nc_get_att_double(ncid, NC_GLOBAL, name, value)
                                  : nc_get_att_int(ncid, NC_GLOBAL, name, integer);
    }
    if (nc_status != NC_NOERR || length != 1 || type == NC_CHAR) {
        char problem[128];
        snprintf(problem, sizeof problem, "lacks the number '%s'", name);
        return swe_checkpoint_refuse(err, path, problem, written_by);
    }
    return SWE_OK;
}

int swe_checkpoint_get_numbers(int ncid, const char *path, swe_checkpoint_numbers *n,
                               swe_error *err)
{
    char *base = (char *)n;
    int status = SWE_OK;
    for (int a = 0; a < DOUBLE_COUNT && status == SWE_OK; ++a) {
        status = get_number(ncid, path, doubles[a].name, (double *)(base + doubles[a].offset), NULL,
                            err);
    }
    for (int a = 0; a < INT_COUNT && status == SWE_OK; ++a) {
        status = get_number(ncid, path, ints[a].name, NULL, (int *)(base + ints[a].offset), err);
    }
    return status;
}

static int check_texts(int ncid, const char *path, const swe_checkpoint_run *run, swe_error *err)
{
    char text[256], message[512];
    int status = swe_checkpoint_get_text(ncid, path, "format", text, sizeof text, err);
    if (status == SWE_OK && strcmp(text, format_name) != 0) {
        return swe_checkpoint_refuse(err, path, "is not a shallows checkpoint of this version",
                                     "give a checkpoint written by this shallows");
    }
    const char *const names[] = {"precision", "scenario", "solver"};
    const char *const expected[] = {SWE_PRECISION_NAME, run->scenario, run->solver};
    for (int k = 0; k < 3 && status == SWE_OK; ++k) {
        status = swe_checkpoint_get_text(ncid, path, names[k], text, sizeof text, err);
        if (status == SWE_OK && strcmp(text, expected[k]) != 0) {
            snprintf(message, sizeof message, "was written with %s '%s', this run uses '%s'",
                     names[k], text, expected[k]);
            return swe_checkpoint_refuse(err, path, message,
                                         k == 0 ? "restart it with the build of that precision"
                                                : "give the options of the checkpointed run");
        }
    }
    return status;
}

int swe_checkpoint_check_identity(int ncid, const char *path, const swe_block *block,
                                  const swe_checkpoint_run *run, swe_checkpoint_numbers *n,
                                  swe_error *err)
{
    int status = check_texts(ncid, path, run, err);
    if (status == SWE_OK) {
        status = swe_checkpoint_get_numbers(ncid, path, n, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    char message[512];
    if (n->nx != block->nx || n->ny != block->ny) {
        snprintf(message, sizeof message, "holds a %d x %d grid, this run has %d x %d", n->nx,
                 n->ny, block->nx, block->ny);
        return swe_checkpoint_refuse(err, path, message,
                                     "give the --nx and --ny of the checkpointed run");
    }
    const swe_checkpoint_numbers own =
        swe_checkpoint_numbers_of(block, run, &(swe_checkpoint_position){0});
    if (n->cfl != own.cfl || n->t_end != own.t_end || n->outputs != own.outputs ||
        n->manning != own.manning) {
        snprintf(message, sizeof message,
                 "was written with --cfl %.17g --t-end %.17g --outputs %d --manning %.17g, this "
                 "run has --cfl %.17g --t-end %.17g --outputs %d --manning %.17g",
                 n->cfl, n->t_end, n->outputs, n->manning, own.cfl, own.t_end, own.outputs,
                 own.manning);
        return swe_checkpoint_refuse(err, path, message,
                                     "give the options of the checkpointed run");
    }
    if (n->dry_tolerance != own.dry_tolerance || n->gravity != own.gravity) {
        snprintf(message, sizeof message,
                 "was written by a build with dry tolerance %g m and gravity %g m/s2, this one "
                 "has %g m and %g m/s2",
                 n->dry_tolerance, n->gravity, own.dry_tolerance, own.gravity);
        return swe_checkpoint_refuse(err, path, message,
                                     "restart it with the build of that DRY_TOLERANCE");
    }
    return SWE_OK;
}

int swe_checkpoint_check_position(const char *path, const swe_checkpoint_numbers *n, swe_error *err)
{
    int k = n->next_snapshot;
    int counters = k >= 1 && k <= n->outputs && n->steps >= 1 && n->steps < 9.0e15 &&
                   n->steps == floor(n->steps);
    /* The driver's own snapshot times: t_end * k / outputs. */
    double written = counters ? n->t_end * (k - 1) / n->outputs : 0.0;
    double next = counters ? n->t_end * k / n->outputs : 0.0;
    int clock = isfinite(n->t) && n->t > written && n->t <= next && isfinite(n->last_dt) &&
                n->last_dt > 0 && n->last_dt <= n->t && isfinite(n->wave_speed) &&
                n->wave_speed >= 0;
    if (counters && clock) {
        return SWE_OK;
    }
    char message[256];
    snprintf(message, sizeof message,
             "holds t = %.17g s after %.17g steps before snapshot %d of %d, which no run writes",
             n->t, n->steps, k, n->outputs);
    return swe_checkpoint_refuse(err, path, message, damaged);
}

uint64_t swe_checkpoint_checksum(const real *const planes[4], size_t cells,
                                 const swe_checkpoint_position *position)
{
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    const swe_clock *clock = &position->clock;
    const double numbers[] = {clock->t, (double)clock->steps, clock->last_dt,
                              (double)clock->wave_speed};
    const struct {
        const void *data;
        size_t size;
    } parts[] = {{planes[0], cells * sizeof(real)},
                 {planes[1], cells * sizeof(real)},
                 {planes[2], cells * sizeof(real)},
                 {planes[3], cells * sizeof(real)},
                 {&numbers[0], sizeof(double)},
                 {&numbers[1], sizeof(double)},
                 {&numbers[2], sizeof(double)},
                 {&numbers[3], sizeof(double)},
                 {&position->next_snapshot, sizeof position->next_snapshot}};
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; ++p) {
        const unsigned char *bytes = parts[p].data;
        for (size_t k = 0; k < parts[p].size; ++k) {
            hash = (hash ^ bytes[k]) * UINT64_C(0x100000001b3);
        }
    }
    return hash;
}
