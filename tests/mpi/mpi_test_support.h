/* What every suite of shallows-mpi-tests shares (tests/mpi/mpi_test_main.c
 * runs them all): each test is collective, every rank runs it, and a check
 * counts only once every rank agrees (SWE_MPI_ASSERT_ALL), so all ranks
 * record the same result and rank 0's report speaks for the job. */
#ifndef SWE_MPI_TEST_SUPPORT_H
#define SWE_MPI_TEST_SUPPORT_H

#include <CUnit/CUnit.h>
#include <mpi.h>
#include <stddef.h>

/* Asserts on every rank that local_ok holds on all ranks; a rank where it
 * does not prints what to stderr, labelled with its rank. Collective. */
#define SWE_MPI_ASSERT_ALL(local_ok, what)                                                         \
    swe_mpi_test_assert_all((local_ok), (what), __FILE__, __LINE__)
void swe_mpi_test_assert_all(int local_ok, const char *what, const char *file, int line);

/* Rank 0 makes a fresh directory under /tmp and every rank learns its
 * name; remove_directory removes it once every rank is done. Collective. */
void swe_mpi_test_directory(char *path, size_t size);
void swe_mpi_test_remove_directory(const char *path);

int swe_mpi_test_rank(void);
int swe_mpi_test_size(void);

/* A staging allocator as a device model has one (pinned pages), counted:
 * malloc and free that add to swe_mpi_test_staged_allocations and
 * swe_mpi_test_staged_releases (each test sets them to 0 first). */
extern int swe_mpi_test_staged_allocations, swe_mpi_test_staged_releases;
void *swe_mpi_test_counted_alloc_staging(size_t bytes);
void swe_mpi_test_counted_free_staging(void *buffer);

/* Fails registration loudly (a suite not registered would pass by running
 * nothing). */
void swe_mpi_test_require(const void *pointer, const char *what);

#endif
