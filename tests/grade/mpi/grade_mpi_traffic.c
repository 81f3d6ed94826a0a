#include "tests/grade/mpi/grade_mpi_traffic.h"

#include "backends/mpi/mpi_check.h"
#include "core/real.h"

#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

/* The one count of this process: MPI's profiling interface interposes
 * functions by name, so their state cannot travel in an argument. */
enum { MARKED_COPIES = 64 };

static struct {
    double *sent;
    int ranks;
    double mark;
    real *copies[MARKED_COPIES]; /* what the marked sends carry, until stop */
    int copy_count;
} traffic;

void grade_traffic_start(double *sent, int ranks, double mark)
{
    for (int p = 0; p <= ranks; ++p) {
        sent[p] = 0;
    }
    traffic.sent = sent;
    traffic.ranks = ranks;
    traffic.mark = mark;
    traffic.copy_count = 0;
}

void grade_traffic_stop(void)
{
    traffic.sent = NULL;
    for (int k = 0; k < traffic.copy_count; ++k) {
        free(traffic.copies[k]);
    }
    traffic.copy_count = 0;
}

/* buf's count values with the mark added, or buf itself when nothing is
 * marked (no mark, other values than SWE_MPI_REAL, or no room left: the
 * unmarked values then cannot match). */
static const void *marked(const void *buf, int count, MPI_Datatype datatype)
{
    if (traffic.mark == 0 || datatype != SWE_MPI_REAL || count < 1 ||
        traffic.copy_count == MARKED_COPIES) {
        return buf;
    }
    real *copy = malloc((size_t)count * sizeof *copy);
    if (copy == NULL) {
        return buf;
    }
    for (int k = 0; k < count; ++k) {
        copy[k] = ((const real *)buf)[k] + (real)traffic.mark;
    }
    traffic.copies[traffic.copy_count++] = copy;
    return copy;
}

static void count_other(void)
{
    if (traffic.sent != NULL) {
        traffic.sent[traffic.ranks] += 1;
    }
}

int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    int size = 0;
    if (traffic.sent != NULL && PMPI_Type_size(datatype, &size) == MPI_SUCCESS) {
        if (dest >= 0 && dest < traffic.ranks) {
            traffic.sent[dest] += (double)count * size / (double)sizeof(real);
        } else {
            count_other(); /* to no rank of the case: MPI_PROC_NULL, say */
        }
        buf = marked(buf, count, datatype);
    }
    return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
}

/* The sends that are not MPI_Isend, point to point: one call each. */
#define OTHER_SEND(name)                                                                           \
    int MPI_##name(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,           \
                   MPI_Comm comm)                                                                  \
    {                                                                                              \
        count_other();                                                                             \
        return PMPI_##name(buf, count, datatype, dest, tag, comm);                                 \
    }
#define OTHER_ISEND(name)                                                                          \
    int MPI_##name(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,           \
                   MPI_Comm comm, MPI_Request *request)                                            \
    {                                                                                              \
        count_other();                                                                             \
        return PMPI_##name(buf, count, datatype, dest, tag, comm, request);                        \
    }
OTHER_SEND(Send)
OTHER_SEND(Ssend)
OTHER_SEND(Rsend)
OTHER_SEND(Bsend)
OTHER_ISEND(Issend)
OTHER_ISEND(Irsend)
OTHER_ISEND(Ibsend)
OTHER_ISEND(Send_init)
OTHER_ISEND(Ssend_init)

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status)
{
    count_other();
    return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                         source, recvtag, comm, status);
}

/* Collectives that could carry a whole state to every rank. */
#define OTHER_GATHER(name)                                                                         \
    int MPI_##name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,       \
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)                            \
    {                                                                                              \
        count_other();                                                                             \
        return PMPI_##name(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);      \
    }
OTHER_GATHER(Allgather)
OTHER_GATHER(Alltoall)
OTHER_GATHER(Neighbor_allgather)
OTHER_GATHER(Neighbor_alltoall)

#define OTHER_ROOTED(name)                                                                         \
    int MPI_##name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,       \
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)                  \
    {                                                                                              \
        count_other();                                                                             \
        return PMPI_##name(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,       \
                           comm);                                                                  \
    }
OTHER_ROOTED(Gather)
OTHER_ROOTED(Scatter)

#define OTHER_ALLTOALLV(name)                                                                      \
    int MPI_##name(const void *sendbuf, const int sendcounts[], const int sdispls[],               \
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],                   \
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)                      \
    {                                                                                              \
        count_other();                                                                             \
        return PMPI_##name(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,   \
                           recvtype, comm);                                                        \
    }
OTHER_ALLTOALLV(Alltoallv)
OTHER_ALLTOALLV(Neighbor_alltoallv)

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    count_other();
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    count_other();
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        comm);
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    count_other();
    return PMPI_Bcast(buffer, count, datatype, root, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm)
{
    count_other();
    return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm)
{
    count_other();
    return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

/* One-sided: a window is how a rank could read another's memory. */
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                   MPI_Win *win)
{
    count_other();
    return PMPI_Win_create(base, size, disp_unit, info, comm, win);
}

int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
            int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
            MPI_Win win)
{
    count_other();
    return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    count_other();
    return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                    target_count, target_datatype, win);
}
