/* Checkpoints of a triangle run: the state in the .msh file's triangle
 * order (so a run may continue under another ordering or backend), the
 * clock and the next snapshot, what the run is (precision, mesh, scenario
 * with its parameters, order, physics, t_end, outputs), the volume of its
 * water and a checksum over all of it. One binary file of this machine's
 * byte order, written as PATH.tmp and renamed; a restart continues bit for
 * bit. A file whose checksum was made to fit a damaged or forged state is
 * refused by the state's checks: every cell within the limits of
 * shallow_water/state_limits.h, the water the volume recorded. */
#ifndef SWE_MESH_CHECKPOINT_H
#define SWE_MESH_CHECKPOINT_H

#include "core/clock.h"
#include "core/error.h"
#include "core/real.h"

#include <stdint.h>

/* What a run is: a checkpoint continues only the same run. */
typedef struct swe_mesh_checkpoint_run {
    char scenario[48];
    uint64_t mesh;       /* swe_mesh_fingerprint of the mesh, file order */
    uint64_t parameters; /* the scenario's parameter values */
    int cells;
    int order;
    double cfl, manning, viscosity, t_end;
    int outputs;
} swe_mesh_checkpoint_run;

/* The state of cells cells, file order, and the cells' areas (m2, file
 * order), with which the water's volume is summed. */
typedef struct swe_mesh_checkpoint_state {
    real *h, *hu, *hv;
    double *area;
} swe_mesh_checkpoint_state;

int swe_mesh_checkpoint_write(const char *path, const swe_mesh_checkpoint_run *run,
                              const swe_checkpoint_position *position,
                              const swe_mesh_checkpoint_state *state, swe_error *err);

/* Reads path into state (run->cells values each; state->area given) and
 * position, in a child process (io/child_task.h: a crash or hang of the
 * reader is one line). Refuses with SWE_ERROR_USAGE, naming the difference, a file
 * that is not a regular file (io/untrusted_file.h), truncated, damaged, of
 * an earlier format, of another precision or of another run, or whose
 * clock, cells or water are not those of a run. */
int swe_mesh_checkpoint_read(const char *path, const swe_mesh_checkpoint_run *run,
                             swe_checkpoint_position *position,
                             const swe_mesh_checkpoint_state *state, swe_error *err);

#endif
