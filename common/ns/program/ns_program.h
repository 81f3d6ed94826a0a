/* The ns application in the programs shallows-ns (one process) and
 * shallows-ns-mpi (slabs over MPI ranks), in the shared program body
 * (run/program.h): what a run writes, what it reports before the summary
 * line, and the application's action (--list-cases). */
#ifndef NS_PROGRAM_H
#define NS_PROGRAM_H

#include "ns/model/ns_drive.h"
#include "ns/program/ns_options.h"

#include <stdio.h>

/* What the options ask of the files of a run on backend_name. */
ns_model_files ns_model_files_of(const ns_options *options, const char *backend_name);

/* The application's figures before the summary: the run, its distance to
 * the bandwidth limit, the final state; the cavity against Ghia; the
 * stages of a step (--profile). */
void ns_print_report(FILE *stream, const ns_options *options, const ns_run_report *report);

/* --list-cases. */
int ns_program_act(const ns_options *options, swe_error *err);

#endif
