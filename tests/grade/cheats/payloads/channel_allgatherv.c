
/* cheat: every rank's whole block to every rank by MPI_Allgatherv, from
 * which a rank could copy its ghost layers without a message of the
 * exercise's. */
void shallows_cheat_share_blocks(const real *mine, int count, real *everyone, const int *counts,
                                 const int *offsets, MPI_Comm comm);
void shallows_cheat_share_blocks(const real *mine, int count, real *everyone, const int *counts,
                                 const int *offsets, MPI_Comm comm)
{
    MPI_Allgatherv(mine, count, SWE_MPI_REAL, everyone, counts, offsets, SWE_MPI_REAL, comm);
}
