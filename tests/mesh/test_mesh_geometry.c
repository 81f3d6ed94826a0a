/* Geometry and numbering of meshes: areas sum to the domain, every cell
 * is closed (sum of l n over its edges is zero), normals point from left
 * to right and out of the domain, chi is area / longest edge, each cell
 * lists its edges by midpoint; the orderings renumber without changing a
 * value, and RCM shrinks the bandwidth. */
#include "mesh/geometry/mesh.h"
#include "mesh/geometry/mesh_ordering.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct known_mesh {
    const char *path;
    double area;
} known_mesh;

static const known_mesh meshes[] = {
    {SWE_MESH_TEST_DATA "unit_square_41_binary.msh", 1.0},
    {SWE_MESH_GEO "square_1000_coarse.msh", 1.0e6},
    {SWE_MESH_GEO "partial_dam_break_coarse.msh", 200.0 * 200.0 - 10.0 * (95.0 + 30.0)},
    {SWE_MESH_GEO "circular_dam_break_coarse.msh", 2500.0},
    {SWE_MESH_GEO "channel_20.msh", 50000.0},
};

static void read_mesh(const char *path, swe_mesh *mesh)
{
    swe_error err = {{0}};
    int status = swe_mesh_read(path, mesh, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "\n  %s\n", err.message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
}

/* Every geometric invariant of one mesh. */
static void check_invariants(const swe_mesh *mesh, double domain_area)
{
    double area = 0;
    for (int c = 0; c < mesh->cell_count; ++c) {
        area += mesh->cell_area[c];
        double sum_x = 0, sum_y = 0, perimeter = 0, longest = 0;
        for (int k = 0; k < 3; ++k) {
            int e = mesh->cell_edge[3 * c + k];
            CU_ASSERT(mesh->edge_left[e] == c || mesh->edge_right[e] == c);
            double sign = mesh->edge_left[e] == c ? 1 : -1;
            sum_x += sign * mesh->edge_length[e] * mesh->edge_normal_x[e];
            sum_y += sign * mesh->edge_length[e] * mesh->edge_normal_y[e];
            perimeter += mesh->edge_length[e];
            longest = fmax(longest, mesh->edge_length[e]);
            if (k > 0) {
                int f = mesh->cell_edge[3 * c + k - 1];
                CU_ASSERT(mesh->edge_mid_x[f] < mesh->edge_mid_x[e] ||
                          (mesh->edge_mid_x[f] == mesh->edge_mid_x[e] &&
                           mesh->edge_mid_y[f] < mesh->edge_mid_y[e]));
            }
        }
        CU_ASSERT(fabs(sum_x) + fabs(sum_y) <= 1e-14 * perimeter);
        CU_ASSERT_DOUBLE_EQUAL(mesh->cell_chi[c], mesh->cell_area[c] / longest, 0);
    }
    CU_ASSERT(fabs(area - domain_area) <= 1e-12 * domain_area);
    for (int e = 0; e < mesh->edge_count; ++e) {
        int l = mesh->edge_left[e], r = mesh->edge_right[e];
        double nx = mesh->edge_normal_x[e], ny = mesh->edge_normal_y[e];
        CU_ASSERT(fabs(nx * nx + ny * ny - 1) < 1e-14);
        CU_ASSERT((e < mesh->interior_edge_count) == (r >= 0));
        /* From the left cell's centroid, the normal points away. */
        CU_ASSERT((mesh->edge_mid_x[e] - mesh->cell_x[l]) * nx +
                      (mesh->edge_mid_y[e] - mesh->cell_y[l]) * ny >
                  0);
        if (r >= 0) {
            CU_ASSERT((mesh->cell_x[r] - mesh->cell_x[l]) * nx +
                          (mesh->cell_y[r] - mesh->cell_y[l]) * ny >
                      0);
        }
    }
}

static void test_geometry_invariants(void)
{
    for (size_t k = 0; k < sizeof meshes / sizeof meshes[0]; ++k) {
        swe_mesh mesh;
        read_mesh(meshes[k].path, &mesh);
        check_invariants(&mesh, meshes[k].area);
        swe_mesh_free(&mesh);
    }
}

/* A numbering changes where values are, not what they are: every cell
 * and edge keeps its geometry bit for bit. */
static void check_same_geometry(const swe_mesh *a, const swe_mesh *b)
{
    int *of_file = malloc((size_t)b->cell_count * sizeof *of_file);
    for (int c = 0; c < b->cell_count; ++c) {
        of_file[b->cell_file_index[c]] = c;
    }
    for (int c = 0; c < a->cell_count; ++c) {
        int d = of_file[a->cell_file_index[c]];
        CU_ASSERT(a->cell_area[c] == b->cell_area[d] && a->cell_x[c] == b->cell_x[d] &&
                  a->cell_y[c] == b->cell_y[d] && a->cell_chi[c] == b->cell_chi[d]);
        for (int k = 0; k < 3; ++k) {
            int e = a->cell_edge[3 * c + k], f = b->cell_edge[3 * d + k];
            CU_ASSERT(a->edge_mid_x[e] == b->edge_mid_x[f] && a->edge_mid_y[e] == b->edge_mid_y[f]);
            CU_ASSERT(a->edge_normal_x[e] == b->edge_normal_x[f] &&
                      a->edge_normal_y[e] == b->edge_normal_y[f]);
            CU_ASSERT((a->edge_left[e] == c) == (b->edge_left[f] == d));
        }
    }
    free(of_file);
}

static void test_orderings_keep_every_value(void)
{
    for (size_t k = 0; k < sizeof meshes / sizeof meshes[0]; ++k) {
        swe_mesh original;
        read_mesh(meshes[k].path, &original);
        for (int o = SWE_MESH_ORDERING_RANDOM; o <= SWE_MESH_ORDERING_RCM_EDGES; ++o) {
            swe_mesh renumbered;
            swe_error err = {{0}};
            read_mesh(meshes[k].path, &renumbered);
            CU_ASSERT_EQUAL_FATAL(swe_mesh_reorder(&renumbered, o, 11, &err), SWE_OK);
            check_invariants(&renumbered, meshes[k].area);
            check_same_geometry(&original, &renumbered);
            swe_mesh_free(&renumbered);
        }
        swe_mesh_free(&original);
    }
}

/* On the 1476-cell square: GMSH's own numbering leaves neighbours up to
 * 1402 cells apart, a random one more; RCM brings phi below 60, and with
 * sorted edges consecutive edges read neighbouring cells
 * (Optimized GPU n.d., eq. 20). */
static void test_rcm_shrinks_the_bandwidth(void)
{
    int phi[4];
    for (int o = 0; o < 4; ++o) {
        swe_mesh mesh;
        swe_error err = {{0}};
        read_mesh(SWE_MESH_GEO "square_1000_coarse.msh", &mesh);
        CU_ASSERT_EQUAL_FATAL(swe_mesh_reorder(&mesh, o, 3, &err), SWE_OK);
        phi[o] = swe_mesh_bandwidth(&mesh);
        if (o == SWE_MESH_ORDERING_RCM_EDGES) {
            for (int e = 1; e < mesh.interior_edge_count; ++e) {
                int low0 = mesh.edge_left[e - 1] < mesh.edge_right[e - 1] ? mesh.edge_left[e - 1]
                                                                          : mesh.edge_right[e - 1];
                int low1 =
                    mesh.edge_left[e] < mesh.edge_right[e] ? mesh.edge_left[e] : mesh.edge_right[e];
                CU_ASSERT(low0 <= low1);
            }
        }
        swe_mesh_free(&mesh);
    }
    CU_ASSERT_EQUAL(phi[SWE_MESH_ORDERING_GMSH], 1402);
    CU_ASSERT(phi[SWE_MESH_ORDERING_RANDOM] > 1000);
    CU_ASSERT(phi[SWE_MESH_ORDERING_RCM] < 60);
    CU_ASSERT_EQUAL(phi[SWE_MESH_ORDERING_RCM_EDGES], phi[SWE_MESH_ORDERING_RCM]);
}

static void test_ordering_names(void)
{
    const char *names[] = {"gmsh", "random", "rcm", "rcm+edges"};
    for (int k = 0; k < 4; ++k) {
        enum swe_mesh_ordering ordering;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL(swe_mesh_ordering_parse(names[k], &ordering, &err), SWE_OK);
        CU_ASSERT_EQUAL((int)ordering, k);
        CU_ASSERT_STRING_EQUAL(swe_mesh_ordering_name(ordering), names[k]);
    }
    enum swe_mesh_ordering ordering;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_ordering_parse("metis", &ordering, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "unknown ordering 'metis'"));
}

void register_mesh_geometry_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"areas, closed cells, outward normals, chi, edge order", test_geometry_invariants},
        {"orderings renumber without changing a value", test_orderings_keep_every_value},
        {"RCM shrinks the bandwidth phi", test_rcm_shrinks_the_bandwidth},
        {"ordering names", test_ordering_names},
    };
    swe_mesh_test_register("mesh-geometry", tests, (int)(sizeof tests / sizeof tests[0]));
}
