/* What the case kinds of the MPI case program share (grade_mpi_cases.c:
 * the job, its output and the halo, reduction and run cases;
 * grade_mpi_order.c: the order case). */
#ifndef SWE_GRADE_MPI_JOB_H
#define SWE_GRADE_MPI_JOB_H

#include "backends/mpi/cartesian/mpi_layer.h"
#include "tests/grade/grade_mpi_cases.h"
#include "tests/grade/grade_stream.h"

#include <stdio.h>

/* Where rank 0 writes, and which case this job is. */
typedef struct case_output {
    const char *path;
    int number;
    FILE *stream; /* rank 0 only, once open */
} case_output;

int world_rank(void);
int world_size(void);

/* A failure that leaves the ranks out of step: says it and ends the job. */
_Noreturn void fail_now(const char *what, const swe_error *err);

/* Rank 0: one field. */
void write_field(case_output *out, const char *name, char type, enum grade_layout layout,
                 const void *values, size_t count);

/* Every rank's array of count values (counts may differ) in rank order,
 * each cut into `parts` fields of equal length: rank 0 writes its own and
 * receives the others'. Collective. */
void gather_fields(case_output *out, const char *name, char type, enum grade_layout layout,
                   const void *mine, int count, int parts);

/* Starts the serial backend on a block with solver. */
int start_serial(swe_block *block, enum swe_solver solver, swe_error *err);

/* The order case: the verbs of steps overlapped steps of an nx x ny
 * radial dam break, every rank's log gathered. */
int run_order(case_output *out, int nx, int ny, int steps);

/* Exercise 17's case: two exchanges of the coded pattern on every rank's
 * part of an n x n square split at random (grade_mpi_mesh.c). */
int run_mesh_halo(case_output *out, int n, unsigned long long seed, int layers);

#endif
