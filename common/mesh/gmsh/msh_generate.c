/* A triangulated square for benchmarks on machines without gmsh. */
#include "mesh/gmsh/msh_writer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A number in [-1, 1). */
static double signed_unit(uint64_t *state)
{
    return (double)(next_random(state) >> 11) / 4503599627370496.0 - 1.0;
}

static void place_nodes(swe_msh_raw *raw, int n, double side, uint64_t *state)
{
    double step = side / n;
    for (int j = 0; j <= n; ++j) {
        for (int i = 0; i <= n; ++i) {
            int inner = i > 0 && i < n && j > 0 && j < n;
            int node = j * (n + 1) + i;
            raw->node_x[node] = i * step + (inner ? 0.2 * step * signed_unit(state) : 0);
            raw->node_y[node] = j * step + (inner ? 0.2 * step * signed_unit(state) : 0);
        }
    }
}

static void cut_cells(swe_msh_raw *raw, int n, uint64_t *state)
{
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, d = a + n + 1;
            int *t = &raw->triangle_nodes[6 * ((size_t)j * n + i)];
            int rising = (int)(next_random(state) & 1);
            int corners[6] = {a, b, c, a, c, d};
            int other[6] = {a, b, d, b, c, d};
            memcpy(t, rising ? corners : other, sizeof corners);
        }
    }
    raw->triangle_count = 2 * n * n;
}

static void walk_boundary(swe_msh_raw *raw, int n)
{
    int count = 0;
    for (int k = 0; k < n; ++k) {
        int segments[4][2] = {{k, k + 1},
                              {k * (n + 1) + n, (k + 1) * (n + 1) + n},
                              {n * (n + 1) + k, n * (n + 1) + k + 1},
                              {k * (n + 1), (k + 1) * (n + 1)}};
        for (int s = 0; s < 4; ++s) {
            raw->line_nodes[2 * count] = segments[s][0];
            raw->line_nodes[2 * count + 1] = segments[s][1];
            raw->line_physical[count++] = 1;
        }
    }
    raw->line_count = count;
}

int swe_msh_generate_square(int n, double side, unsigned long long seed, swe_msh_raw *raw,
                            swe_error *err)
{
    if (raw == NULL || n < 1 || n > 20000 || !(side > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "a generated square needs 1 to 20000 cells a side");
    }
    memset(raw, 0, sizeof *raw);
    size_t nodes = (size_t)(n + 1) * (n + 1), cells = (size_t)n * n;
    raw->node_x = malloc(nodes * sizeof(double));
    raw->node_y = malloc(nodes * sizeof(double));
    raw->triangle_nodes = malloc(6 * cells * sizeof(int));
    raw->line_nodes = malloc(8 * (size_t)n * sizeof(int));
    raw->line_physical = malloc(4 * (size_t)n * sizeof(int));
    raw->groups = calloc(1, sizeof *raw->groups);
    if (!raw->node_x || !raw->node_y || !raw->triangle_nodes || !raw->line_nodes ||
        !raw->line_physical || !raw->groups) {
        swe_msh_raw_free(raw);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a %d x %d square", n, n);
    }
    uint64_t state = seed;
    raw->node_count = (int)nodes;
    place_nodes(raw, n, side, &state);
    cut_cells(raw, n, &state);
    walk_boundary(raw, n);
    raw->group_count = 1;
    raw->groups[0] = (swe_msh_group){.dimension = 1, .tag = 1, .name = "wall"};
    return SWE_OK;
}
