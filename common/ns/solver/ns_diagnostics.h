/* What one looks at in a state on the host (after ns_solver_sync): kinetic
 * energy, the largest divergence, a checksum, and the cell-centred
 * velocity and vorticity that the writers store. */
#ifndef NS_DIAGNOSTICS_H
#define NS_DIAGNOSTICS_H

#include "ns/solver/ns_solver.h"

#include <stdint.h>

/* Kinetic energy per unit density, (1/2) sum of u^2 + v^2 + w^2 over the
 * faces times the cell volume, m^5/s^2. */
double ns_kinetic_energy(const ns_solver *solver);

/* max |div u| over the fluid cells, 1/s. */
double ns_max_divergence(const ns_solver *solver);

enum { NS_STATE_FIGURES = 4 };

/* The L2 norms sqrt(sum of x^2 times the cell volume) of u, v, w and p
 * over the interior, summed in double in a fixed order (x fastest): the
 * checksum of the summary line, the same bits for the same state. */
void ns_state_figures(const ns_solver *solver, double figures[NS_STATE_FIGURES]);

/* FNV-1a over the bits of the interior velocity and pressure: equal
 * checksums, equal states (the CPU backends agree bit for bit). */
uint64_t ns_state_checksum(const ns_solver *solver);

/* The velocity at the centre of cell (i, j, k) (the mean of the two faces
 * of each component; host ghosts filled by ns_solver_sync). */
void ns_centre_velocity(const ns_solver *solver, int i, int j, int k, double velocity[NS_AXES]);

/* The vorticity at the centre of cell (i, j, k), from central differences
 * of the centre velocities. */
void ns_centre_vorticity(const ns_solver *solver, int i, int j, int k, double vorticity[NS_AXES]);

#endif
