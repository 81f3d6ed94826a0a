/* The fused level's step in two halves, for computing while the halo
 * travels (shallows-mpi --overlap): step_interior queues the fused kernel
 * on the cells that read no ghost layer, step_ring queues it on the ring
 * around them once the ghost layers are filled. Each half launches the
 * same kernel as a whole step, on parts of the block seen as blocks of
 * their own (cuda_part): a part's ghosts are the cells around it, as
 * stored, except on the block's own edges, where it takes the block's
 * boundary masks. Every cell so meets the same neighbours and the same
 * arithmetic as in a whole step: the same bits in fp32 and on the test
 * runs of the program in fp64, but the mpi-cuda suite's small fp64 blocks
 * differ from a whole step in the last bit at some cells (the launches
 * over parts round differently; cause not yet found), so the suite holds
 * the overlapped fp64 parts to a few units in the last place.
 *
 * The ring: the first CUDA_ROW_ALIGNMENT bytes of columns on the left, so
 * that the interior's rows start on a line as the block's do (and a lane's
 * pair of fp32 cells stays aligned), two or three columns on the right,
 * two rows at the bottom and at the top. Parts at least two cells thick
 * see an OUTFLOW edge's ghosts exactly as the block does (their bed comes
 * from the second cell inwards). A block too small for an interior is
 * stepped whole by step_ring. */
#include "backends/cuda/cartesian/cuda_fields.cuh"
#include "backends/cuda/cuda_check.h"

extern "C" {
#include "cartesian/grid/boundary.h"
}

enum { RING_PARTS = 4 };

/* Cells i0 .. i0 + nx - 1, j0 .. j0 + ny - 1 of the block as a part. */
static cuda_part part_of(const cuda_fields *fields, int i0, int j0, int nx, int ny)
{
    const swe_cuda_grid *block = &fields->grid;
    const int kept =
        (i0 == 1 ? SWE_EDGE_BIT_LEFT : 0) | (i0 + nx - 1 == block->nx ? SWE_EDGE_BIT_RIGHT : 0) |
        (j0 == 1 ? SWE_EDGE_BIT_BOTTOM : 0) | (j0 + ny - 1 == block->ny ? SWE_EDGE_BIT_TOP : 0);
    cuda_part part = {*block, (size_t)(j0 - 1) * (size_t)block->stride + (size_t)(i0 - 1)};
    part.grid.nx = nx;
    part.grid.ny = ny;
    part.grid.wall_edges &= kept;
    part.grid.derived_edges &= kept;
    return part;
}

/* The interior's columns il .. ir and rows jb .. jt; 0 when the block is
 * too small to have one. il - 1 and ir are even, so that every part
 * starts on an odd column (pairs of fp32 cells stay aligned). */
static int interior_of(const cuda_fields *fields, int *il, int *ir, int *jb, int *jt)
{
    *il = CUDA_ROW_ALIGNMENT / (int)sizeof(real) + 1;
    *ir = (fields->grid.nx - 2) / 2 * 2;
    *jb = 3;
    *jt = fields->grid.ny - 2;
    return *ir >= *il && *jt >= *jb;
}

/* The level-4 step's halves are the only ones. */
int cuda_overlaps(const swe_block *block)
{
    return block != NULL && block->ext != NULL && ((const cuda_fields *)block->ext)->level == 4;
}

static int overlap_fields(swe_block *block, cuda_fields **fields, swe_error *err)
{
    if (!cuda_overlaps(block)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: cuda steps the interior and the ring at --level 4 only");
    }
    *fields = (cuda_fields *)block->ext;
    return SWE_OK;
}

/* Queues the interior's step and returns: the host is free meanwhile. */
int cuda_step_interior(swe_block *block, real dt, swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = overlap_fields(block, &fields, err);
    if (status != SWE_OK || !(dt > 0)) {
        return status; /* dt = 0: step_ring only takes the speed */
    }
    status = cuda_level4_begin(fields, err);
    int il, ir, jb, jt;
    if (status == SWE_OK && interior_of(fields, &il, &ir, &jb, &jt)) {
        const cuda_part interior = part_of(fields, il, jb, ir - il + 1, jt - jb + 1);
        CUDA_CHECK(cuda_level4_launch_part(fields, &interior, dt), err);
    }
    return status;
}

int cuda_step_ring(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = overlap_fields(block, &fields, err);
    if (status != SWE_OK || next_speed == NULL) {
        return status != SWE_OK ? status
                                : swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda ring step");
    }
    if (!(dt > 0)) {
        return cuda_max_wave_speed(block, next_speed, err);
    }
    const int nx = fields->grid.nx, ny = fields->grid.ny;
    int il, ir, jb, jt;
    cuda_part parts[RING_PARTS];
    int count = 0;
    if (interior_of(fields, &il, &ir, &jb, &jt)) {
        parts[count++] = part_of(fields, 1, 1, il - 1, ny);                 /* left */
        parts[count++] = part_of(fields, ir + 1, 1, nx - ir, ny);           /* right */
        parts[count++] = part_of(fields, il, 1, ir - il + 1, jb - 1);       /* bottom */
        parts[count++] = part_of(fields, il, jt + 1, ir - il + 1, ny - jt); /* top */
    } else {
        parts[count++] = part_of(fields, 1, 1, nx, ny);
    }
    for (int p = 0; p < count; ++p) {
        CUDA_CHECK(cuda_level4_launch_part(fields, &parts[p], dt), err);
    }
    return cuda_level4_end(fields, next_speed, err);
}
