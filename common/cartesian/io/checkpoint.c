#include "cartesian/io/checkpoint.h"

#include "cartesian/grid/state_check.h"
#include "cartesian/io/checkpoint_record.h"
#include "io/atomic_file.h"
#include "io/untrusted_file.h"

#include <inttypes.h>
#include <math.h>
#include <netcdf.h>
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
static const char damaged[] =
    "it is truncated or damaged: use an earlier checkpoint or start again";

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
        p->field[f] = NULL;
    }
}

static real *block_array(const swe_block *block, int field)
{
    real *const arrays[FIELD_COUNT] = {block->h, block->hu, block->hv, block->b};
    return arrays[field];
}

/* Between the block's interior and planes, fields first to count. */
static void copy_interior(swe_block *block, planes *p, int count, int to_block)
{
    size_t row = (size_t)block->nx;
    for (int f = 0; f < count; ++f) {
        for (int j = 1; j <= block->ny; ++j) {
            real *cells = &block_array(block, f)[SWE_INDEX(block, 1, j)];
            real *plane = p->field[f] + (size_t)(j - 1) * row;
            memmove(to_block ? cells : plane, to_block ? plane : cells, row * sizeof(real));
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

/* ---- writing ---- */

static int write_failure(const char *path, const char *call, const char *object, int nc_status,
                         swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME, "writing checkpoint '%s' failed in %s(%s): %s (%s)",
                    path, call, object, nc_strerror(nc_status), swe_write_failure_hint(path));
}

static int define_and_write(int ncid, const char *path, const swe_block *block,
                            const swe_checkpoint_run *run, const swe_checkpoint_position *position,
                            const planes *p, swe_error *err)
{
    int dims[2], varids[FIELD_COUNT];
    int nc_status = nc_def_dim(ncid, "y", (size_t)block->ny, &dims[0]);
    nc_status =
        nc_status == NC_NOERR ? nc_def_dim(ncid, "x", (size_t)block->nx, &dims[1]) : nc_status;
    for (int f = 0; f < FIELD_COUNT && nc_status == NC_NOERR; ++f) {
        nc_status = nc_def_var(ncid, field_names[f], NC_REAL, 2, dims, &varids[f]);
    }
    if (nc_status != NC_NOERR) {
        return write_failure(path, "nc_def_dim/nc_def_var", "", nc_status, err);
    }
    const swe_checkpoint_numbers n = swe_checkpoint_numbers_of(block, run, position);
    int status = swe_checkpoint_put_attributes(ncid, path, run, &n, err);
    if (status != SWE_OK) {
        return status;
    }
    status = swe_checkpoint_describe(ncid, path, run, varids, err);
    if (status != SWE_OK) {
        return status;
    }
    char checksum[17];
    snprintf(checksum, sizeof checksum, "%016" PRIx64,
             swe_checkpoint_checksum((const real *const *)p->field, p->cells, position));
    nc_status = nc_put_att_text(ncid, NC_GLOBAL, "checksum", strlen(checksum), checksum);
    nc_status = nc_status == NC_NOERR ? nc_enddef(ncid) : nc_status;
    for (int f = 0; f < FIELD_COUNT && nc_status == NC_NOERR; ++f) {
        nc_status = nc_put_var_real(ncid, varids[f], p->field[f]);
    }
    return nc_status == NC_NOERR ? SWE_OK : write_failure(path, "nc_put_var", "", nc_status, err);
}

/* Creates a fresh temporary file next to path, exclusively. */
static int create_temporary(const char *path, char **temp_path, int *ncid, swe_error *err)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        *temp_path = swe_temp_path_for(path);
        if (*temp_path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "cannot create checkpoint '%s': no temporary file can be made next to "
                            "it (choose a writable --output path)",
                            path);
        }
        int nc_status = nc_create(*temp_path, NC_NOCLOBBER | NC_64BIT_OFFSET, ncid);
        if (nc_status == NC_NOERR) {
            return SWE_OK;
        }
        free(*temp_path);
        *temp_path = NULL;
        if (nc_status != NC_EEXIST) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "cannot create checkpoint '%s': %s (choose a writable --output path)",
                            path, nc_strerror(nc_status));
        }
    }
    return swe_fail(err, SWE_ERROR_RUNTIME, "cannot find a free temporary name next to '%s'", path);
}

int swe_checkpoint_write(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                         const swe_checkpoint_position *position, swe_error *err)
{
    int status = check_arguments(path, block, run, position, err);
    planes p = {{NULL}, 0};
    if (status == SWE_OK) {
        status = allocate_planes(&p, block, err);
    }
    char *temp_path = NULL;
    int ncid = -1;
    if (status == SWE_OK) {
        copy_interior((swe_block *)block, &p, FIELD_COUNT, 0);
        status = create_temporary(path, &temp_path, &ncid, err);
    }
    if (status == SWE_OK) {
        status = define_and_write(ncid, path, block, run, position, &p, err);
        /* libnetcdf-3's classic format: a failed close leaves no state behind. */
        int nc_status = nc_close(ncid);
        if (status == SWE_OK && nc_status != NC_NOERR) {
            status = write_failure(path, "nc_close", "", nc_status, err);
        }
        status = status == SWE_OK ? swe_commit_path(temp_path, path, err) : status;
        if (status != SWE_OK) {
            remove(temp_path);
        }
    }
    free_planes(&p);
    free(temp_path);
    return status;
}

/* ---- reading, in a child process ---- */

static int read_planes(int ncid, const char *path, const swe_block *block, planes *p,
                       swe_error *err)
{
    for (int f = 0; f < FIELD_COUNT; ++f) {
        int varid, dimension_count, dims[NC_MAX_VAR_DIMS];
        size_t ny, nx;
        nc_type type;
        if (nc_inq_varid(ncid, field_names[f], &varid) != NC_NOERR ||
            nc_inq_varndims(ncid, varid, &dimension_count) != NC_NOERR || dimension_count != 2 ||
            nc_inq_var(ncid, varid, NULL, &type, &dimension_count, dims, NULL) != NC_NOERR ||
            type != NC_REAL || nc_inq_dimlen(ncid, dims[0], &ny) != NC_NOERR ||
            nc_inq_dimlen(ncid, dims[1], &nx) != NC_NOERR || ny != (size_t)block->ny ||
            nx != (size_t)block->nx) {
            char message[128];
            snprintf(message, sizeof message, "lacks the %d x %d %s array '%s'", block->nx,
                     block->ny, SWE_PRECISION_NAME, field_names[f]);
            return swe_checkpoint_refuse(err, path, message,
                                         "give a checkpoint written by shallows");
        }
        int nc_status = nc_get_var_real(ncid, varid, p->field[f]);
        if (nc_status != NC_NOERR) {
            char message[256];
            snprintf(message, sizeof message, "cannot be read in nc_get_var(%s): %s",
                     field_names[f], nc_strerror(nc_status));
            return swe_checkpoint_refuse(err, path, message, damaged);
        }
    }
    return SWE_OK;
}

static int check_checksum(int ncid, const char *path, const planes *p,
                          const swe_checkpoint_position *position, swe_error *err)
{
    char stored[32], computed[17];
    int status = swe_checkpoint_get_text(ncid, path, "checksum", stored, sizeof stored, err);
    snprintf(computed, sizeof computed, "%016" PRIx64,
             swe_checkpoint_checksum((const real *const *)p->field, p->cells, position));
    return status != SWE_OK || strcmp(stored, computed) == 0
               ? status
               : swe_checkpoint_refuse(err, path, "does not match its checksum", damaged);
}

static int check_bathymetry(const char *path, const swe_block *block, const planes *p,
                            swe_error *err)
{
    size_t row = (size_t)block->nx;
    for (int j = 1; j <= block->ny; ++j) {
        if (memcmp(p->field[FIELD_B] + (size_t)(j - 1) * row, &block->b[SWE_INDEX(block, 1, j)],
                   row * sizeof(real)) != 0) {
            return swe_checkpoint_refuse(
                err, path, "holds another bathymetry than this run's scenario",
                "give the scenario and input files of the checkpointed run");
        }
    }
    return SWE_OK;
}

/* The state of the planes must be one a run can go on from: physical,
 * and with the wave speed its clock records. Checked on a scratch block
 * of block's place, which names the cell the way the run would. */
static int check_state(const char *path, const swe_block *block, planes *p,
                       const swe_checkpoint_position *position, swe_error *err)
{
    swe_block scratch;
    int status = swe_block_create_part(&scratch, block->domain_nx, block->domain_ny, block->first_i,
                                       block->first_j, block->nx, block->ny, block->x0, block->y0,
                                       block->width, block->height, err);
    if (status != SWE_OK) {
        return status;
    }
    copy_interior(&scratch, p, FIELD_COUNT, 1);
    int i, j;
    char message[400], where[256];
    double recorded = (double)position->clock.wave_speed;
    double actual = (double)swe_state_max_wave_speed(&scratch);
    if (swe_state_find_implausible(&scratch, &i, &j)) {
        swe_state_describe_cell(&scratch, i, j, where, sizeof where);
        snprintf(message, sizeof message, "holds a state that is not physical: %s", where);
        status = swe_checkpoint_refuse(err, path, message, damaged);
    } else if (!(fabs(recorded - actual) <= 1.0e-4 * actual)) {
        snprintf(message, sizeof message,
                 "records a wave speed of %.9g m/s for a state whose wave speed is %.9g m/s",
                 recorded, actual);
        status = swe_checkpoint_refuse(err, path, message, damaged);
    }
    swe_block_destroy(&scratch);
    return status;
}

/* Everything but opening; the checked fields end up in block. */
static int read_open(int ncid, const char *path, const swe_block *block,
                     const swe_checkpoint_run *run, swe_checkpoint_position *position, planes *p,
                     swe_error *err)
{
    swe_checkpoint_numbers n = {0};
    int status = swe_checkpoint_check_identity(ncid, path, block, run, &n, err);
    if (status == SWE_OK) {
        status = swe_checkpoint_check_position(path, &n, err);
    }
    /* Member by member into the caller's zeroed position: it goes down the
     * pipe whole, and a struct's copy may carry uninitialised padding. */
    position->clock.t = n.t;
    position->clock.steps = (long)n.steps;
    position->clock.last_dt = n.last_dt;
    position->clock.cfl = n.cfl;
    position->clock.wave_speed = (real)n.wave_speed;
    position->next_snapshot = n.next_snapshot;
    if (status == SWE_OK) {
        status = read_planes(ncid, path, block, p, err);
    }
    if (status == SWE_OK) {
        status = check_checksum(ncid, path, p, position, err);
    }
    if (status == SWE_OK) {
        status = check_bathymetry(path, block, p, err);
    }
    return status == SWE_OK ? check_state(path, block, p, position, err) : status;
}

typedef struct reading {
    const char *path;
    const swe_block *block;
    const swe_checkpoint_run *run;
} reading;

static const char fix[] = "give a PATH.checkpoint.nc written by shallows --checkpoint-every";

/* In the child: read and check everything, then send the position and
 * the planes h, hu, hv. */
static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const reading *r = context;
    int status = swe_untrusted_file_check_classic("checkpoint", r->path, fix, err);
    int ncid = -1;
    if (status == SWE_OK) {
        int nc_status = nc_open(r->path, NC_NOWRITE, &ncid);
        status = nc_status == NC_NOERR
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_USAGE, "cannot read checkpoint '%s': %s (%s)",
                                r->path, nc_strerror(nc_status), fix);
    }
    planes p = {{NULL}, 0};
    swe_checkpoint_position position;
    memset(&position, 0, sizeof position); /* its padding too: sent whole */
    if (status == SWE_OK) {
        status = allocate_planes(&p, r->block, err);
    }
    if (status == SWE_OK) {
        status = read_open(ncid, r->path, r->block, r->run, &position, &p, err);
    }
    if (ncid >= 0) {
        nc_close(ncid); /* read-only: closing cannot lose data */
    }
    if (status == SWE_OK) {
        status = swe_child_announce(pipe, sizeof position + FIELD_B * p.cells * sizeof(real), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, &position, sizeof position, err);
    }
    for (int f = 0; f < FIELD_B && status == SWE_OK; ++f) {
        status = swe_child_send(pipe, p.field[f], p.cells * sizeof(real), err);
    }
    free_planes(&p);
    return status;
}

int swe_checkpoint_read(const char *path, swe_block *block, const swe_checkpoint_run *run,
                        swe_checkpoint_position *position, swe_error *err)
{
    int status = check_arguments(path, block, run, position, err);
    if (status != SWE_OK) {
        return status;
    }
    reading r = {.path = path, .block = block, .run = run};
    void *result = NULL;
    size_t size = 0;
    status = swe_untrusted_read_in_child("checkpoint", path, fix, read_in_child, &r, &result, &size,
                                         err);
    size_t cells = (size_t)block->nx * (size_t)block->ny;
    if (status == SWE_OK && size != sizeof *position + FIELD_B * cells * sizeof(real)) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a checkpoint came back short");
    }
    if (status == SWE_OK) {
        unsigned char *bytes_back = result;
        memcpy(position, bytes_back, sizeof *position);
        planes back = {{NULL}, cells};
        for (int f = 0; f < FIELD_B; ++f) {
            back.field[f] =
                (real *)(void *)(bytes_back + sizeof *position + f * cells * sizeof(real));
        }
        copy_interior(block, &back, FIELD_B, 1);
    }
    free(result);
    return status;
}
