/* What the code under test sends, counted through MPI's profiling
 * interface: this program defines the MPI functions below itself and
 * passes each call on to its PMPI_ twin, so calls from the student's file
 * reach these first. While a count runs, MPI_Isend adds the values it
 * sends (in units of `real`) to its destination's entry, and every other
 * send, collective or one-sided call adds one to the last entry. */
#ifndef SWE_GRADE_MPI_TRAFFIC_H
#define SWE_GRADE_MPI_TRAFFIC_H

/* Counts into sent[0 .. ranks] (zeroed here) until grade_traffic_stop. */
void grade_traffic_start(double *sent, int ranks);
void grade_traffic_stop(void);

#endif
