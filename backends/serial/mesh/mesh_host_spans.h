/* The span verbs of the host backends of the triangle solver (serial on
 * one thread, OpenMP on several): the element kernels over a stretch of
 * the run's cells and edges, for shallows-mpi --mesh --overlap. Each
 * element is computed by the same kernel as in the whole sweeps, so a
 * step split into spans gives the same bits. */
#ifndef SWE_MESH_HOST_SPANS_H
#define SWE_MESH_HOST_SPANS_H

#include "core/error.h"
#include "mesh/solver/mesh_run.h"

/* swe_mesh_gradient on span's cells, on `threads` threads (1: serial). */
int swe_mesh_host_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, int threads,
                                 swe_error *err);

/* swe_mesh_interior_edge on span's interior edges, then
 * swe_mesh_boundary_edge on its boundary edges, on `threads` threads. */
int swe_mesh_host_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                   const swe_mesh_span *span, int threads, swe_error *err);

#endif
