/* How many cores' worth of arithmetic the machine gives OMP_NUM_THREADS
 * threads right now, for make bench on shared machines: each thread runs
 * the same fixed loop of square roots, first one thread alone, then all
 * at once; capacity = threads * time alone / time together (best of
 * several tries each). On an idle machine it is about the thread count;
 * other programs, or a hypervisor taking the cores, bring it down, and
 * with it every parallel speed-up measured at the same time.
 *
 * usage: parallel_capacity
 * prints: parallel_capacity=<capacity> threads=<n> */
#include <math.h>
#include <omp.h>
#include <stdio.h>

enum { TRIES = 3 };
static const long work_per_thread = 40000000;

/* The fixed work: a sum that the compiler cannot shortcut. */
static double work(long offset)
{
    double sum = 0.0;
    for (long i = 0; i < work_per_thread; ++i) {
        sum += sqrt((double)(i + offset));
    }
    return sum;
}

int main(int argc, char **argv)
{
    if (argc != 1) {
        fprintf(stderr, "usage: %s (no arguments; OMP_NUM_THREADS sets the threads)\n", argv[0]);
        return 2;
    }
    double checksum = 0.0, alone = 1.0e30, together = 1.0e30;
    int threads = omp_get_max_threads();
    for (int t = 0; t < TRIES; ++t) {
        double started = omp_get_wtime();
        checksum += work(t);
        double seconds = omp_get_wtime() - started;
        alone = seconds < alone ? seconds : alone;
        started = omp_get_wtime();
#pragma omp parallel reduction(+ : checksum)
        checksum += work(omp_get_thread_num());
        seconds = omp_get_wtime() - started;
        together = seconds < together ? seconds : together;
    }
    if (!(checksum > 0.0)) {
        fprintf(stderr, "parallel_capacity: the work went wrong\n");
        return 1;
    }
    printf("parallel_capacity=%.2f threads=%d\n", threads * alone / together, threads);
    return 0;
}
