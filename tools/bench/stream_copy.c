/* The memory bandwidth that make bench compares the solvers against: a
 * STREAM-style copy b[i] = a[i] over two arrays far larger than the
 * caches, by OMP_NUM_THREADS threads, each first touching the part it
 * copies. Bytes count as the kernel reads and writes them (16 per double
 * copied), the way the solver's minimal traffic (28 or 56 bytes per cell
 * and step) is counted; the best of several repetitions is reported.
 *
 * usage: stream_copy [MIB_PER_ARRAY [REPETITIONS]]
 * prints: copy_GBps=<best> threads=<n> mib_per_array=<m> */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double wall_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1.0e-9 * (double)now.tv_nsec;
}

/* A whole number in [1, max] from text, or 0. */
static long parse_count(const char *text, long max)
{
    char *end = NULL;
    errno = 0;
    long value = strtol(text, &end, 10);
    return (end == text || *end != '\0' || errno != 0 || value < 1 || value > max) ? 0 : value;
}

int main(int argc, char **argv)
{
    long mib = argc > 1 ? parse_count(argv[1], 1 << 20) : 256;
    long repetitions = argc > 2 ? parse_count(argv[2], 1000) : 10;
    if (argc > 3 || mib == 0 || repetitions == 0) {
        fprintf(stderr,
                "usage: %s [MIB_PER_ARRAY (1..1048576, default 256) [REPETITIONS "
                "(1..1000, default 10)]]\n",
                argv[0]);
        return 2;
    }
    long count = mib * (1L << 20) / (long)sizeof(double);
    double *source = malloc((size_t)count * sizeof(double));
    double *target = malloc((size_t)count * sizeof(double));
    if (source == NULL || target == NULL) {
        fprintf(stderr, "stream_copy: out of memory for 2 x %ld MiB (try a smaller size)\n", mib);
        free(source);
        free(target);
        return 1;
    }
#pragma omp parallel for schedule(static)
    for (long i = 0; i < count; ++i) {
        source[i] = (double)i;
        target[i] = 0.0;
    }
    double best = 1.0e30;
    for (long r = 0; r < repetitions; ++r) {
        double started = wall_seconds();
#pragma omp parallel for schedule(static)
        for (long i = 0; i < count; ++i) {
            target[i] = source[i];
        }
        double seconds = wall_seconds() - started;
        best = seconds < best ? seconds : best;
    }
    /* Read back one value so that the copies cannot be optimised away. */
    int copied = target[count - 1] == (double)(count - 1);
    free(source);
    free(target);
    if (!copied) {
        fprintf(stderr, "stream_copy: the copy is wrong\n");
        return 1;
    }
    printf("copy_GBps=%.2f threads=%d mib_per_array=%ld\n",
           2.0 * (double)count * sizeof(double) / best / 1.0e9, omp_get_max_threads(), mib);
    return 0;
}
