#include "io/checkpoint.h"

#include "io/atomic_file.h"

#include <inttypes.h>
#include <math.h>
#include <netcdf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define NC_REAL NC_DOUBLE
#define nc_put_var_real nc_put_var_double
#define nc_get_var_real nc_get_var_double
#else
#define NC_REAL NC_FLOAT
#define nc_put_var_real nc_put_var_float
#define nc_get_var_real nc_get_var_float
#endif

enum { FIELD_H, FIELD_HU, FIELD_HV, FIELD_B, FIELD_COUNT };
static const char *const field_names[FIELD_COUNT] = {"h", "hu", "hv", "b"};
static const char format_name[] = "shallows checkpoint 1";

#define STRINGIFY_EXPANDED(text) #text
#define STRINGIFY(text) STRINGIFY_EXPANDED(text)

static int write_failure(const char *path, int nc_status, const char *call, const char *object,
                         swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "writing checkpoint '%s' failed in %s(%s): %s (check free disk space and "
                    "permissions)",
                    path, call, object, nc_strerror(nc_status));
}

/* Calls a NetCDF function and returns from the enclosing function with a
 * message naming the call, the object it worked on and the file. */
#define TRY_WRITE(path, err, object, function, ...)                                                \
    do {                                                                                           \
        int nc_status_ = function(__VA_ARGS__);                                                    \
        if (nc_status_ != NC_NOERR) {                                                              \
            return write_failure((path), nc_status_, STRINGIFY(function), (object), (err));        \
        }                                                                                          \
    } while (0)

/* FNV-1a, 64 bit: a checksum that catches truncation and flipped bytes. */
static uint64_t checksum_add(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    for (size_t k = 0; k < size; ++k) {
        hash = (hash ^ bytes[k]) * UINT64_C(0x100000001b3);
    }
    return hash;
}

static uint64_t checksum_of(const real *const planes[FIELD_COUNT], size_t cells,
                            const swe_checkpoint_position *position)
{
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        hash = checksum_add(hash, planes[f], cells * sizeof(real));
    }
    const swe_clock *clock = &position->clock;
    double wave_speed = (double)clock->wave_speed;
    double steps = (double)clock->steps;
    hash = checksum_add(hash, &clock->t, sizeof clock->t);
    hash = checksum_add(hash, &steps, sizeof steps);
    hash = checksum_add(hash, &clock->last_dt, sizeof clock->last_dt);
    hash = checksum_add(hash, &wave_speed, sizeof wave_speed);
    hash = checksum_add(hash, &position->next_snapshot, sizeof position->next_snapshot);
    return hash;
}

/* The interiors of the four fields as planes of nx * ny values. */
typedef struct planes {
    real *field[FIELD_COUNT];
    size_t cells;
} planes;

static int allocate_planes(planes *p, const swe_block *block, swe_error *err)
{
    p->cells = (size_t)block->nx * (size_t)block->ny;
    int ok = 1;
    for (int f = 0; f < FIELD_COUNT; ++f) {
        p->field[f] = malloc(p->cells * sizeof(real));
        ok = ok && p->field[f] != NULL;
    }
    return ok ? SWE_OK
              : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a checkpoint of %d x %d cells",
                         block->nx, block->ny);
}

static void free_planes(planes *p)
{
    for (int f = 0; f < FIELD_COUNT; ++f) {
        free(p->field[f]);
    }
}

static real *block_array(const swe_block *block, int field)
{
    real *const arrays[FIELD_COUNT] = {block->h, block->hu, block->hv, block->b};
    return arrays[field];
}

static void gather(const swe_block *block, planes *p)
{
    size_t row = (size_t)block->nx;
    for (int f = 0; f < FIELD_COUNT; ++f) {
        for (int j = 1; j <= block->ny; ++j) {
            memcpy(p->field[f] + (size_t)(j - 1) * row,
                   &block_array(block, f)[SWE_INDEX(block, 1, j)], row * sizeof(real));
        }
    }
}

static void scatter(const planes *p, swe_block *block)
{
    size_t row = (size_t)block->nx;
    for (int f = 0; f < FIELD_COUNT; ++f) {
        for (int j = 1; j <= block->ny; ++j) {
            memcpy(&block_array(block, f)[SWE_INDEX(block, 1, j)],
                   p->field[f] + (size_t)(j - 1) * row, row * sizeof(real));
        }
    }
}

static int check_arguments(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                           const void *position, swe_error *err)
{
    if (path == NULL || block == NULL || block->h == NULL || run == NULL || position == NULL ||
        run->scenario == NULL || run->solver == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: checkpoints need a path, a block, a run and a position");
    }
    return SWE_OK;
}

/* Attributes: text, doubles and ints, grouped so writing and reading
 * share one list. */
typedef struct run_numbers {
    double t, steps, last_dt, wave_speed, cfl, t_end;
    int nx, ny, outputs, next_snapshot;
} run_numbers;

static void numbers_of(const swe_block *block, const swe_checkpoint_run *run,
                       const swe_checkpoint_position *position, run_numbers *n)
{
    *n = (run_numbers){.t = position->clock.t,
                       .steps = (double)position->clock.steps,
                       .last_dt = position->clock.last_dt,
                       .wave_speed = (double)position->clock.wave_speed,
                       .cfl = run->cfl,
                       .t_end = run->t_end,
                       .nx = block->nx,
                       .ny = block->ny,
                       .outputs = run->outputs,
                       .next_snapshot = position->next_snapshot};
}

static int define_and_write(int ncid, const char *path, const swe_block *block,
                            const swe_checkpoint_run *run, const swe_checkpoint_position *position,
                            const planes *p, swe_error *err)
{
    int dims[2], varids[FIELD_COUNT];
    TRY_WRITE(path, err, "y", nc_def_dim, ncid, "y", (size_t)block->ny, &dims[0]);
    TRY_WRITE(path, err, "x", nc_def_dim, ncid, "x", (size_t)block->nx, &dims[1]);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        TRY_WRITE(path, err, field_names[f], nc_def_var, ncid, field_names[f], NC_REAL, 2, dims,
                  &varids[f]);
    }
    run_numbers n;
    numbers_of(block, run, position, &n);
    const struct {
        const char *name, *value;
    } texts[] = {{"format", format_name},
                 {"scenario", run->scenario},
                 {"solver", run->solver},
                 {"precision", SWE_PRECISION_NAME}};
    for (size_t a = 0; a < sizeof texts / sizeof texts[0]; ++a) {
        TRY_WRITE(path, err, texts[a].name, nc_put_att_text, ncid, NC_GLOBAL, texts[a].name,
                  strlen(texts[a].value), texts[a].value);
    }
    const struct {
        const char *name;
        const double *value;
    } doubles[] = {{"t", &n.t},
                   {"steps", &n.steps},
                   {"last_dt", &n.last_dt},
                   {"wave_speed", &n.wave_speed},
                   {"cfl", &n.cfl},
                   {"t_end", &n.t_end}};
    for (size_t a = 0; a < sizeof doubles / sizeof doubles[0]; ++a) {
        TRY_WRITE(path, err, doubles[a].name, nc_put_att_double, ncid, NC_GLOBAL, doubles[a].name,
                  NC_DOUBLE, 1, doubles[a].value);
    }
    const struct {
        const char *name;
        const int *value;
    } ints[] = {
        {"nx", &n.nx}, {"ny", &n.ny}, {"outputs", &n.outputs}, {"next_snapshot", &n.next_snapshot}};
    for (size_t a = 0; a < sizeof ints / sizeof ints[0]; ++a) {
        TRY_WRITE(path, err, ints[a].name, nc_put_att_int, ncid, NC_GLOBAL, ints[a].name, NC_INT, 1,
                  ints[a].value);
    }
    int status = swe_checkpoint_describe(ncid, path, run->scenario, varids, err);
    if (status != SWE_OK) {
        return status;
    }
    char checksum[17];
    snprintf(checksum, sizeof checksum, "%016" PRIx64,
             checksum_of((const real *const *)p->field, p->cells, position));
    TRY_WRITE(path, err, "checksum", nc_put_att_text, ncid, NC_GLOBAL, "checksum", strlen(checksum),
              checksum);
    TRY_WRITE(path, err, "", nc_enddef, ncid);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        TRY_WRITE(path, err, field_names[f], nc_put_var_real, ncid, varids[f], p->field[f]);
    }
    return SWE_OK;
}

int swe_checkpoint_write(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                         const swe_checkpoint_position *position, swe_error *err)
{
    int status = check_arguments(path, block, run, position, err);
    if (status != SWE_OK) {
        return status;
    }
    char *temp_path = swe_path_join(path, ".tmp");
    planes p = {{NULL}, 0};
    status = temp_path != NULL
                 ? allocate_planes(&p, block, err)
                 : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the name '%s.tmp'", path);
    int ncid = -1;
    if (status == SWE_OK) {
        gather(block, &p);
        int nc_status = nc_create(temp_path, NC_CLOBBER | NC_64BIT_OFFSET, &ncid);
        if (nc_status != NC_NOERR) {
            status = swe_fail(err, SWE_ERROR_USAGE,
                              "cannot create checkpoint '%s': %s (choose a writable --output path)",
                              temp_path, nc_strerror(nc_status));
            ncid = -1;
        }
    }
    if (status == SWE_OK) {
        status = define_and_write(ncid, temp_path, block, run, position, &p, err);
    }
    if (ncid >= 0) {
        int nc_status = nc_close(ncid);
        if (status == SWE_OK && nc_status != NC_NOERR) {
            status = swe_fail(err, SWE_ERROR_RUNTIME,
                              "writing checkpoint '%s' failed in nc_close: %s (check free disk "
                              "space)",
                              temp_path, nc_strerror(nc_status));
        }
        if (status == SWE_OK) {
            status = swe_rename_into_place(temp_path, path, err);
        } else {
            remove(temp_path);
        }
    }
    free_planes(&p);
    free(temp_path);
    return status;
}

/* Reading: every failure is bad input (exit 2). */
static int refuse(swe_error *err, const char *path, const char *problem, const char *fix)
{
    return swe_fail(err, SWE_ERROR_USAGE, "checkpoint '%s' %s (%s)", path, problem, fix);
}

static int read_text(int ncid, const char *path, const char *name, char *value, size_t size,
                     swe_error *err)
{
    size_t length;
    if (nc_inq_attlen(ncid, NC_GLOBAL, name, &length) != NC_NOERR || length >= size ||
        nc_get_att_text(ncid, NC_GLOBAL, name, value) != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "checkpoint '%s' lacks the attribute '%s' (give a checkpoint written by "
                        "shallows --checkpoint-every)",
                        path, name);
    }
    value[length] = '\0';
    return SWE_OK;
}

static int read_numbers(int ncid, const char *path, run_numbers *n, swe_error *err)
{
    const struct {
        const char *name;
        double *value;
    } doubles[] = {{"t", &n->t},
                   {"steps", &n->steps},
                   {"last_dt", &n->last_dt},
                   {"wave_speed", &n->wave_speed},
                   {"cfl", &n->cfl},
                   {"t_end", &n->t_end}};
    for (size_t a = 0; a < sizeof doubles / sizeof doubles[0]; ++a) {
        if (nc_get_att_double(ncid, NC_GLOBAL, doubles[a].name, doubles[a].value) != NC_NOERR) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "checkpoint '%s' lacks the number '%s' (give a checkpoint written by "
                            "shallows --checkpoint-every)",
                            path, doubles[a].name);
        }
    }
    const struct {
        const char *name;
        int *value;
    } ints[] = {{"nx", &n->nx},
                {"ny", &n->ny},
                {"outputs", &n->outputs},
                {"next_snapshot", &n->next_snapshot}};
    for (size_t a = 0; a < sizeof ints / sizeof ints[0]; ++a) {
        if (nc_get_att_int(ncid, NC_GLOBAL, ints[a].name, ints[a].value) != NC_NOERR) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "checkpoint '%s' lacks the number '%s' (give a checkpoint written by "
                            "shallows --checkpoint-every)",
                            path, ints[a].name);
        }
    }
    return SWE_OK;
}

/* The checkpoint must describe this very run. */
static int check_same_run(const char *path, int ncid, const swe_block *block,
                          const swe_checkpoint_run *run, const run_numbers *n, swe_error *err)
{
    char text[256], message[512];
    int status = read_text(ncid, path, "precision", text, sizeof text, err);
    if (status != SWE_OK) {
        return status;
    }
    if (strcmp(text, SWE_PRECISION_NAME) != 0) {
        snprintf(message, sizeof message, "was written in %s precision, this shallows is %s", text,
                 SWE_PRECISION_NAME);
        return refuse(err, path, message, "restart it with the build of that precision");
    }
    if (n->nx != block->nx || n->ny != block->ny) {
        snprintf(message, sizeof message, "holds a %d x %d grid, this run has %d x %d", n->nx,
                 n->ny, block->nx, block->ny);
        return refuse(err, path, message, "give the --nx and --ny of the checkpointed run");
    }
    const char *names[] = {"scenario", "solver"};
    const char *expected[] = {run->scenario, run->solver};
    for (int k = 0; k < 2; ++k) {
        status = read_text(ncid, path, names[k], text, sizeof text, err);
        if (status != SWE_OK) {
            return status;
        }
        if (strcmp(text, expected[k]) != 0) {
            snprintf(message, sizeof message, "was written with %s '%s', this run uses '%s'",
                     names[k], text, expected[k]);
            return refuse(err, path, message, "give the options of the checkpointed run");
        }
    }
    if (n->cfl != run->cfl || n->t_end != run->t_end || n->outputs != run->outputs) {
        snprintf(message, sizeof message,
                 "was written with --cfl %.17g --t-end %.17g --outputs %d, this run has --cfl "
                 "%.17g --t-end %.17g --outputs %d",
                 n->cfl, n->t_end, n->outputs, run->cfl, run->t_end, run->outputs);
        return refuse(err, path, message, "give the options of the checkpointed run");
    }
    return SWE_OK;
}

static int check_position(const char *path, const run_numbers *n, swe_error *err)
{
    int plausible = isfinite(n->t) && n->t >= 0 && n->t <= n->t_end && n->steps >= 0 &&
                    n->steps == floor(n->steps) && n->steps < 9.0e15 && isfinite(n->last_dt) &&
                    isfinite(n->wave_speed) && n->wave_speed >= 0 && n->next_snapshot >= 1 &&
                    n->next_snapshot <= n->outputs;
    return plausible ? SWE_OK
                     : refuse(err, path, "holds an impossible time, step or snapshot number",
                              "it is damaged: use an earlier checkpoint or start again");
}

static int read_planes(int ncid, const char *path, const swe_block *block, planes *p,
                       swe_error *err)
{
    for (int f = 0; f < FIELD_COUNT; ++f) {
        int varid, dimension_count, dims[NC_MAX_VAR_DIMS];
        size_t ny, nx;
        nc_type type;
        if (nc_inq_varid(ncid, field_names[f], &varid) != NC_NOERR ||
            nc_inq_var(ncid, varid, NULL, &type, &dimension_count, dims, NULL) != NC_NOERR ||
            dimension_count != 2 || type != NC_REAL ||
            nc_inq_dimlen(ncid, dims[0], &ny) != NC_NOERR ||
            nc_inq_dimlen(ncid, dims[1], &nx) != NC_NOERR || ny != (size_t)block->ny ||
            nx != (size_t)block->nx) {
            char message[128];
            snprintf(message, sizeof message, "lacks the %d x %d %s array '%s'", block->nx,
                     block->ny, SWE_PRECISION_NAME, field_names[f]);
            return refuse(err, path, message, "give a checkpoint written by shallows");
        }
        int nc_status = nc_get_var_real(ncid, varid, p->field[f]);
        if (nc_status != NC_NOERR) {
            char message[256];
            snprintf(message, sizeof message, "cannot be read in nc_get_var(%s): %s",
                     field_names[f], nc_strerror(nc_status));
            return refuse(err, path, message,
                          "it is truncated or damaged: use an earlier checkpoint or start again");
        }
    }
    return SWE_OK;
}

static int check_checksum(int ncid, const char *path, const planes *p,
                          const swe_checkpoint_position *position, swe_error *err)
{
    char stored[32], computed[17];
    int status = read_text(ncid, path, "checksum", stored, sizeof stored, err);
    if (status != SWE_OK) {
        return status;
    }
    snprintf(computed, sizeof computed, "%016" PRIx64,
             checksum_of((const real *const *)p->field, p->cells, position));
    return strcmp(stored, computed) == 0
               ? SWE_OK
               : refuse(err, path, "does not match its checksum",
                        "it is truncated or damaged: use an earlier checkpoint or start again");
}

static int check_bathymetry(const char *path, const swe_block *block, const planes *p,
                            swe_error *err)
{
    size_t row = (size_t)block->nx;
    for (int j = 1; j <= block->ny; ++j) {
        if (memcmp(p->field[FIELD_B] + (size_t)(j - 1) * row, &block->b[SWE_INDEX(block, 1, j)],
                   row * sizeof(real)) != 0) {
            return refuse(err, path, "holds another bathymetry than this run's scenario",
                          "give the scenario and input files of the checkpointed run");
        }
    }
    return SWE_OK;
}

static int read_open(int ncid, const char *path, swe_block *block, const swe_checkpoint_run *run,
                     swe_checkpoint_position *position, planes *p, swe_error *err)
{
    char format[64];
    int status = read_text(ncid, path, "format", format, sizeof format, err);
    if (status == SWE_OK && strcmp(format, format_name) != 0) {
        status = refuse(err, path, "is not a shallows checkpoint of this version",
                        "give a checkpoint written by this shallows");
    }
    run_numbers n = {0};
    if (status == SWE_OK) {
        status = read_numbers(ncid, path, &n, err);
    }
    if (status == SWE_OK) {
        status = check_same_run(path, ncid, block, run, &n, err);
    }
    if (status == SWE_OK) {
        status = check_position(path, &n, err);
    }
    swe_checkpoint_position read_position = {.clock = {.t = n.t,
                                                       .steps = (long)n.steps,
                                                       .last_dt = n.last_dt,
                                                       .cfl = n.cfl,
                                                       .wave_speed = (real)n.wave_speed},
                                             .next_snapshot = n.next_snapshot};
    if (status == SWE_OK) {
        status = read_planes(ncid, path, block, p, err);
    }
    if (status == SWE_OK) {
        status = check_checksum(ncid, path, p, &read_position, err);
    }
    if (status == SWE_OK) {
        status = check_bathymetry(path, block, p, err);
    }
    if (status == SWE_OK) {
        scatter(p, block);
        *position = read_position;
    }
    return status;
}

int swe_checkpoint_read(const char *path, swe_block *block, const swe_checkpoint_run *run,
                        swe_checkpoint_position *position, swe_error *err)
{
    int status = check_arguments(path, block, run, position, err);
    if (status != SWE_OK) {
        return status;
    }
    int ncid;
    int nc_status = nc_open(path, NC_NOWRITE, &ncid);
    if (nc_status != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "cannot read checkpoint '%s': %s (give a PATH.checkpoint.nc written by "
                        "shallows --checkpoint-every)",
                        path, nc_strerror(nc_status));
    }
    planes p = {{NULL}, 0};
    status = allocate_planes(&p, block, err);
    if (status == SWE_OK) {
        status = read_open(ncid, path, block, run, position, &p, err);
    }
    nc_close(ncid); /* read-only: closing cannot lose data */
    free_planes(&p);
    return status;
}
