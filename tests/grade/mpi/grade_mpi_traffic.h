/* What the code under test sends, counted through MPI's profiling
 * interface: this program defines the MPI functions below itself and
 * passes each call on to its PMPI_ twin, so calls from the student's file
 * reach these first. While a count runs, MPI_Isend adds the values it
 * sends (in units of `real`) to its destination's entry, and every other
 * send, collective or one-sided call adds one to the last entry. With a
 * mark, every MPI_Isend of SWE_MPI_REAL values carries a copy of them
 * with the mark added (the taint: only values that really travel by
 * MPI_Isend arrive marked, and the case takes the marks off). */
#ifndef SWE_GRADE_MPI_TRAFFIC_H
#define SWE_GRADE_MPI_TRAFFIC_H

/* Counts into sent[0 .. ranks] (zeroed here), and marks with mark (0:
 * none), until grade_traffic_stop, which frees the marked copies (the
 * exchange has waited for its sends by then). */
void grade_traffic_start(double *sent, int ranks, double mark);
void grade_traffic_stop(void);

#endif
