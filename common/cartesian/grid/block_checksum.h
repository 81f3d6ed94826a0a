/* A checksum of a block's state that every run of the Cartesian blocks
 * reports in its summary line, so that make bench can check each run
 * against serial's (a fast kernel that computes something else must not
 * win the performance contest). */
#ifndef SWE_BLOCK_CHECKSUM_H
#define SWE_BLOCK_CHECKSUM_H

#include "cartesian/grid/block.h"

/* Two figures of the depth over the interior, summed in double row by row
 * (x fastest), so that the same state always gives the same bits. */
typedef struct swe_block_checksum {
    double mass;        /* m^3: the water's volume, sum of h dx dy (conserved with walls) */
    double h_l2;        /* m^2: the L2 norm of the depth, sqrt(sum of h^2 dx dy) (where it is) */
    double momentum_l2; /* m^3/s: sqrt(sum of (hu^2 + hv^2) dx dy) (how it moves) */
} swe_block_checksum;

/* The checksum of the block's host arrays: call it after sync_before_read.
 * SWE_ERROR_USAGE for a missing block or checksum. */
int swe_block_checksum_of(const swe_block *block, swe_block_checksum *checksum, swe_error *err);

/* "mass=M h_l2=N momentum_l2=P" into text, each with 17 significant
 * digits, enough to give back every bit of a double, so that scripts can
 * compare runs bit for bit (the checksum of the summary line). */
void swe_block_checksum_format(const swe_block_checksum *checksum, char *text, size_t size);

#endif
