/* Obstacles from a picture: a PNG (any colour type, read as grey with
 * transparency on white) or a PGM image (P5 binary or P2 text) laid over
 * the x-y plane of the grid (its top row at the largest y) and extruded
 * along z; cells under pixels darker than half the image's maxval become
 * solid. Draw an obstacle in any image editor, save it as PNG or PGM. */
#ifndef NS_MASK_H
#define NS_MASK_H

#include "ns/solver/ns_solver.h"

/* How refusals of the file itself name it, and what they tell the user. */
#define NS_MASK_ROLE "obstacle picture"
#define NS_MASK_FIX "give a PNG or a PGM picture (P5 or P2)"

/* Checks the file at path as an untrusted input (io/untrusted_file.h): a
 * FIFO, a folder, a device or an empty file is refused with
 * SWE_ERROR_USAGE before it is opened (the command line does this for
 * --obstacles, so that every program refuses before it starts). */
int ns_mask_check_file(const char *path, swe_error *err);

/* Marks the solid cells of path in solver's fluid mask (before
 * ns_solver_start). A missing, unreadable or malformed file, one that is
 * not a regular file (as ns_mask_check_file), and pixels that the file or
 * the memory available cannot hold are SWE_ERROR_USAGE, naming it. */
int ns_mask_apply_pgm(ns_solver *solver, const char *path, swe_error *err);

#endif
