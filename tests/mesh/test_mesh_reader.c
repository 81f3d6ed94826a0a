/* The GMSH reader: the same mesh in 2.2 and 4.1, ASCII and binary, reads
 * the same; every malformed or unsupported file is refused with its line
 * (or byte offset) and the reason. */
#include "mesh/geometry/mesh.h"
#include "mesh/gmsh/msh_reader.h"
#include "mesh/gmsh/msh_writer.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const encodings[] = {
    SWE_MESH_TEST_DATA "unit_square_22_ascii.msh", SWE_MESH_TEST_DATA "unit_square_22_binary.msh",
    SWE_MESH_TEST_DATA "unit_square_41_ascii.msh", SWE_MESH_TEST_DATA "unit_square_41_binary.msh"};

/* ASCII files carry 16 significant digits, binary ones every bit. */
static void test_four_encodings_read_the_same_mesh(void)
{
    swe_msh_raw first;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_msh_read_file(encodings[3], &first, &err), SWE_OK);
    CU_ASSERT(first.triangle_count == 42 && first.line_count == 16 && first.group_count == 3);
    for (int k = 0; k < 4; ++k) {
        swe_msh_raw raw;
        CU_ASSERT_EQUAL_FATAL(swe_msh_read_file(encodings[k], &raw, &err), SWE_OK);
        CU_ASSERT_EQUAL(raw.format_major, k < 2 ? 2 : 4);
        CU_ASSERT_EQUAL(raw.binary, k % 2);
        CU_ASSERT_EQUAL(raw.node_count, first.node_count);
        CU_ASSERT_EQUAL(raw.triangle_count, first.triangle_count);
        CU_ASSERT_EQUAL(raw.line_count, first.line_count);
        CU_ASSERT(memcmp(raw.triangle_nodes, first.triangle_nodes,
                         3 * (size_t)first.triangle_count * sizeof(int)) == 0);
        CU_ASSERT(memcmp(raw.line_nodes, first.line_nodes,
                         2 * (size_t)first.line_count * sizeof(int)) == 0);
        CU_ASSERT(memcmp(raw.line_physical, first.line_physical,
                         (size_t)first.line_count * sizeof(int)) == 0);
        for (int n = 0; n < raw.node_count; ++n) {
            CU_ASSERT(fabs(raw.node_x[n] - first.node_x[n]) <= 1e-15);
            CU_ASSERT(fabs(raw.node_y[n] - first.node_y[n]) <= 1e-15);
        }
        CU_ASSERT_STRING_EQUAL(swe_msh_group_name(&raw, 1, 1), "wall");
        CU_ASSERT_STRING_EQUAL(swe_msh_group_name(&raw, 1, 2), "outflow");
        swe_msh_raw_free(&raw);
    }
    swe_msh_raw_free(&first);
}

/* The boundary groups reach the edges: 4 edges of "outflow" (x = 1),
 * 12 walls, none unassigned. */
static void test_boundary_groups_reach_the_edges(void)
{
    for (int k = 0; k < 4; ++k) {
        swe_mesh mesh;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(swe_mesh_read(encodings[k], &mesh, &err), SWE_OK);
        int outflow = swe_mesh_group_find(&mesh, "outflow"),
            wall = swe_mesh_group_find(&mesh, "wall");
        CU_ASSERT(outflow != SWE_MESH_NO_GROUP && wall != SWE_MESH_NO_GROUP);
        int counts[2] = {0, 0};
        for (int e = mesh.interior_edge_count; e < mesh.edge_count; ++e) {
            CU_ASSERT(mesh.edge_group[e] == outflow || mesh.edge_group[e] == wall);
            counts[mesh.edge_group[e] == outflow]++;
            if (mesh.edge_group[e] == outflow) {
                CU_ASSERT(fabs(mesh.edge_mid_x[e] - 1) < 1e-12 && mesh.edge_normal_x[e] > 0.999);
            }
        }
        CU_ASSERT(counts[0] == 12 && counts[1] == 4);
        swe_mesh_free(&mesh);
    }
}

typedef struct bad_file {
    const char *what;
    const char *text;
    const char *message; /* what the error must contain */
} bad_file;

#define HEADER_22 "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n"
#define HEADER_41 "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n"
#define NODES_22 "$Nodes\n4\n1 0 0 0\n2 1 0 0\n3 1 1 0\n4 0 1 0\n$EndNodes\n"
#define TWO_TRIANGLES "$Elements\n2\n1 2 0 1 2 3\n2 2 0 1 3 4\n$EndElements\n"

static const bad_file bad_files[] = {
    /* Terminal control sequences quoted escaped, never raw. */
    {"a token with terminal escapes", "$MeshFormat\n\x1b]0;owned\x07 0 8\n$EndMeshFormat\n",
     "bad.msh:2: GMSH format \\x1b]0;owned\\x07 is not supported"},
    {"a control byte in a physical name",
     HEADER_22 "$PhysicalNames\n1\n1 1 \"wa\x1b[2Jll\"\n$EndPhysicalNames\n",
     "bad.msh:6: a physical name holds the byte 0x1b: name groups in printable ASCII"},
    {"empty", "", "bad.msh:1: the file ends where $MeshFormat should be"},
    {"another format", "$MeshFormat\n3.0 0 8\n$EndMeshFormat\n", "bad.msh:2: GMSH format 3.0"},
    {"data size 4", "$MeshFormat\n2.2 0 4\n", "bad.msh:2: the data size 4 is outside 8..8"},
    {"no end of format", "$MeshFormat\n2.2 0 8\n$Nodes\n", "bad.msh:3: expected $EndMeshFormat"},
    {"a word for a count", HEADER_22 "$Nodes\nfour\n", "bad.msh:5: the number of nodes: 'four'"},
    {"a count the file cannot hold", HEADER_22 "$Nodes\n900000000\n1 0 0 0\n",
     "bad.msh:5: 900000000 nodes cannot fit"},
    {"a count beyond any mesh", HEADER_22 "$Nodes\n99999999999999999999\n",
     "bad.msh:5: the number of nodes 99999999999999999999 is outside"},
    {"a negative node tag", HEADER_22 "$Nodes\n1\n-3 0 0 0\n$EndNodes\n",
     "bad.msh:6: node tag -3 is not positive"},
    {"a NaN coordinate", HEADER_22 "$Nodes\n1\n1 nan 0 0\n$EndNodes\n",
     "bad.msh:6: a node coordinate is nan, not a finite number"},
    {"an infinite coordinate", HEADER_22 "$Nodes\n1\n1 0 1e999 0\n$EndNodes\n",
     "bad.msh:6: a node coordinate is 1e999, not a finite number"},
    {"a node off the plane", HEADER_22 "$Nodes\n1\n1 0 0 2\n$EndNodes\n",
     "bad.msh:6: node 1 has z = 2"},
    {"a truncated node", HEADER_22 "$Nodes\n2\n1 0.000 0 0\n2 1.00 0",
     "bad.msh:7: the file ends where a node coordinate should be"},
    {"a repeated node tag",
     HEADER_22 "$Nodes\n3\n1 0 0 0\n1 1 0 0\n2 1 1 0\n$EndNodes\n"
               "$Elements\n1\n1 2 0 1 1 2\n$EndElements\n",
     "bad.msh: node tag 1 is used twice"},
    {"a quadrangle", HEADER_22 NODES_22 "$Elements\n1\n1 3 0 1 2 3 4\n$EndElements\n",
     "bad.msh:13: element 1 is a 4-node quadrangle (GMSH type 3)"},
    {"a second-order triangle", HEADER_22 NODES_22 "$Elements\n1\n7 9 0 1 2 3 4 1 2\n",
     "bad.msh:13: element 7 is a second-order triangle"},
    {"a missing node", HEADER_22 NODES_22 "$Elements\n1\n5 2 0 1 2 9\n$EndElements\n",
     "bad.msh: element 5 names node 9, which $Nodes does not hold"},
    {"a negative physical tag", HEADER_22 NODES_22 "$Elements\n1\n1 1 2 -4 1 1 2\n",
     "bad.msh:13: physical tag -4 is negative"},
    {"no triangles", HEADER_22 NODES_22 "$Elements\n1\n1 1 0 1 2\n$EndElements\n",
     "bad.msh: the mesh has no triangles"},
    {"no elements", HEADER_22 NODES_22, "bad.msh: the file has no $Elements section"},
    {"two node sections", HEADER_22 NODES_22 NODES_22, "bad.msh:12: a second $Nodes section"},
    {"an unterminated section", HEADER_22 "$Comments\nhello\n", "section $Comments has no"},
    {"a stray end marker", HEADER_22 "$EndNodes\n", "bad.msh:4: expected a section"},
    {"a name without quotes", HEADER_22 "$PhysicalNames\n1\n1 1 wall\n",
     "bad.msh:6: a physical name must be in double quotes"},
    {"a name twice", HEADER_22 "$PhysicalNames\n2\n1 1 \"a\"\n1 1 \"b\"\n$EndPhysicalNames\n",
     "physical group 1 of dimension 1 is named twice"},
    {"a partitioned mesh", HEADER_41 "$PartitionedEntities\n", "partitioned meshes are not"},
    {"node blocks short of their count",
     HEADER_41 "$Nodes\n1 3 1 3\n2 1 0 2\n1\n2\n0 0 0\n1 0 0\n$EndNodes\n",
     "the node blocks hold 2 nodes, not the 3 announced"},
    {"a triangle in a curve",
     HEADER_41 "$Nodes\n1 3 1 3\n2 1 0 3\n1\n2\n3\n0 0 0\n1 0 0\n0 1 0\n"
               "$EndNodes\n$Elements\n1 1 1 1\n1 4 2 1\n1 1 2 3\n$EndElements\n",
     "elements of type 2 in an entity of dimension 1"},
    {"a curve in two groups", HEADER_41 "$Entities\n0 1 0 0\n4 0 0 0 1 0 0 2 1 2 0\n",
     "entity 4 belongs to physical groups 1 and 2"},
    {"a line on an unknown curve",
     HEADER_41
     "$Entities\n0 0 0 0\n$EndEntities\n"
     "$Nodes\n1 3 1 3\n2 1 0 3\n1\n2\n3\n0 0 0\n1 0 0\n0 1 0\n$EndNodes\n$Elements\n2 2 1 2\n"
     "2 1 2 1\n1 1 2 3\n1 9 1 1\n2 1 2\n$EndElements\n",
     "element 2 lies on curve 9"},
};

static void test_malformed_files_are_refused_with_their_place(void)
{
    for (size_t k = 0; k < sizeof bad_files / sizeof bad_files[0]; ++k) {
        const bad_file *bad = &bad_files[k];
        swe_msh_raw raw;
        swe_error err = {{0}};
        int status = swe_msh_parse("bad.msh", (const unsigned char *)bad->text, strlen(bad->text),
                                   &raw, &err);
        if (status != SWE_ERROR_USAGE || strstr(err.message, bad->message) == NULL) {
            fprintf(stderr, "\n  %s: status %d, message '%s', expected '%s'\n", bad->what, status,
                    err.message, bad->message);
        }
        CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, bad->message));
        CU_ASSERT(raw.node_x == NULL && raw.triangle_nodes == NULL);
        for (const char *c = err.message; *c != '\0'; ++c) {
            CU_ASSERT((unsigned char)*c >= ' ' && (unsigned char)*c <= '~');
        }
    }
}

#define TWO_TRIANGLES_AND_LINES                                                                    \
    "$Elements\n4\n1 2 0 1 2 3\n2 2 0 1 3 4\n3 1 1 7 1 2\n4 1 1 8 2 1\n$EndElements\n"
#define NODES_6 "$Nodes\n6\n1 0 0 0\n2 1 0 0\n3 1 1 0\n4 0 1 0\n5 2 0 0\n6 0.5 0.2 0\n$EndNodes\n"

static const bad_file bad_meshes[] = {
    {"a degenerate triangle", HEADER_22 NODES_6 "$Elements\n1\n8 2 0 1 2 5\n$EndElements\n",
     "bad.msh: triangle (element 8) is degenerate"},
    {"a repeated triangle",
     HEADER_22 NODES_6 "$Elements\n2\n1 2 0 1 2 3\n2 2 0 3 1 2\n"
                       "$EndElements\n",
     "bad.msh: triangles (elements 1 and 2) lie on the same side"},
    {"overlapping triangles",
     HEADER_22 NODES_6 "$Elements\n2\n1 2 0 1 2 3\n2 2 0 1 2 6\n"
                       "$EndElements\n",
     "triangles (elements 1 and 2) lie on the same side"},
    {"an edge of three triangles",
     HEADER_22 NODES_6 "$Elements\n3\n1 2 0 1 2 3\n2 2 0 2 1 6\n"
                       "3 2 0 1 2 4\n$EndElements\n",
     "3 triangles (elements 1, 2, 3...) share one edge"},
    {"a line inside",
     HEADER_22 NODES_22 "$Elements\n3\n1 2 0 1 2 3\n2 2 0 1 3 4\n"
                        "3 1 1 7 1 3\n$EndElements\n",
     "line (element 3) lies between two triangles"},
    {"a line off the mesh",
     HEADER_22 NODES_6 "$Elements\n2\n1 2 0 1 2 3\n3 1 1 7 2 5\n"
                       "$EndElements\n",
     "line (element 3) is not an edge of a triangle"},
    {"an edge in two groups", HEADER_22 NODES_22 TWO_TRIANGLES_AND_LINES,
     "puts a boundary edge in physical groups '7' and '8'"},
};

static void test_bad_meshes_are_refused_naming_the_element(void)
{
    for (size_t k = 0; k < sizeof bad_meshes / sizeof bad_meshes[0]; ++k) {
        const bad_file *bad = &bad_meshes[k];
        swe_msh_raw raw;
        swe_mesh mesh;
        swe_error err = {{0}};
        int status = swe_msh_parse("bad.msh", (const unsigned char *)bad->text, strlen(bad->text),
                                   &raw, &err);
        CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
        status = swe_mesh_build(&raw, "bad.msh", &mesh, &err);
        if (status != SWE_ERROR_USAGE || strstr(err.message, bad->message) == NULL) {
            fprintf(stderr, "\n  %s: status %d, message '%s', expected '%s'\n", bad->what, status,
                    err.message, bad->message);
        }
        CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, bad->message));
        CU_ASSERT_PTR_NULL(mesh.cell_area);
        swe_msh_raw_free(&raw);
    }
}

/* A binary 2.2 file of two triangles written in either byte order. */
typedef struct byte_writer {
    unsigned char bytes[1024];
    size_t used;
    int swap;
} byte_writer;

static void put_bytes(byte_writer *out, const void *value, size_t size)
{
    const unsigned char *in = value;
    for (size_t k = 0; k < size; ++k) {
        out->bytes[out->used++] = in[out->swap ? size - 1 - k : k];
    }
}

static void put_text(byte_writer *out, const char *text)
{
    memcpy(out->bytes + out->used, text, strlen(text));
    out->used += strlen(text);
}

static void put_int(byte_writer *out, int value)
{
    put_bytes(out, &value, sizeof value);
}

static size_t binary_22_file(unsigned char *bytes, int swap)
{
    byte_writer out = {.used = 0, .swap = swap};
    put_text(&out, "$MeshFormat\n2.2 1 8\n");
    put_int(&out, 1);
    put_text(&out, "\n$EndMeshFormat\n$Nodes\n4\n");
    const double corners[4][2] = {{0, 0}, {2, 0}, {2, 3}, {0, 3}};
    for (int n = 0; n < 4; ++n) {
        put_int(&out, n + 1);
        double xyz[3] = {corners[n][0], corners[n][1], 0};
        for (int k = 0; k < 3; ++k) {
            put_bytes(&out, &xyz[k], sizeof xyz[k]);
        }
    }
    put_text(&out, "\n$EndNodes\n$Elements\n2\n");
    const int header[3] = {2, 2, 1}, triangles[2][5] = {{1, 5, 1, 2, 3}, {2, 5, 1, 3, 4}};
    for (int k = 0; k < 3; ++k) {
        put_int(&out, header[k]);
    }
    for (int t = 0; t < 2; ++t) {
        for (int k = 0; k < 5; ++k) {
            put_int(&out, triangles[t][k]);
        }
    }
    put_text(&out, "\n$EndElements\n");
    memcpy(bytes, out.bytes, out.used);
    return out.used;
}

static void test_binary_files_of_either_byte_order(void)
{
    unsigned char bytes[1024];
    for (int swap = 0; swap < 2; ++swap) {
        size_t size = binary_22_file(bytes, swap);
        swe_msh_raw raw;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(swe_msh_parse("either.msh", bytes, size, &raw, &err), SWE_OK);
        CU_ASSERT(raw.node_count == 4 && raw.triangle_count == 2);
        CU_ASSERT(raw.node_x[2] == 2.0 && raw.node_y[2] == 3.0 && raw.triangle_nodes[5] == 3);
        swe_msh_raw_free(&raw);
        /* Every truncation is refused at a byte offset, never read past. */
        for (size_t cut = 0; cut < size - 1; ++cut) {
            int status = swe_msh_parse("cut.msh", bytes, cut, &raw, &err);
            CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
            int placed = strstr(err.message, "cut.msh: byte ") != NULL ||
                         strstr(err.message, "cut.msh: the file has no $") != NULL;
            if (cut >= 20 && !placed) {
                fprintf(stderr, "\n  cut at %zu: %s\n", cut, err.message);
            }
            CU_ASSERT(cut < 20 || placed);
        }
    }
    size_t size = binary_22_file(bytes, 0);
    bytes[20] = 2; /* the byte-order marker: 2, in neither order 1 */
    swe_msh_raw raw;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_msh_parse("marker.msh", bytes, size, &raw, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "marker.msh: byte 20: the byte-order marker"));
}

static void test_missing_and_unreadable_files(void)
{
    swe_mesh mesh;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_read("tests/mesh/data/no-such.msh", &mesh, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(err.message, "mesh 'tests/mesh/data/no-such.msh' cannot be read: No such file"));
    CU_ASSERT_EQUAL(swe_mesh_read("tests/mesh/data", &mesh, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "mesh 'tests/mesh/data' is a directory"));
    CU_ASSERT_EQUAL(swe_msh_check_file("/dev/null", &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(err.message, "mesh '/dev/null' is a character device, not a regular file"));
}

/* The memory a mesh needs is checked before it is allocated: the file
 * before it is read, the run of the nodes and elements a header declares
 * before the arrays they size (each with both figures). */
static void test_meshes_beyond_the_memory_available(void)
{
    swe_msh_raw raw;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(setenv("SWE_MEMORY_AVAILABLE_BYTES", "100", 1), 0);
    int status = swe_msh_read_file(encodings[0], &raw, &err);
    CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "reading the mesh 'tests/mesh/data/unit_square_22_"
                                               "ascii.msh' needs "));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "of memory, more than the 100 bytes available"));
    /* 100 000 nodes declared in 800 kB (what the reader's own bound on
     * counts lets through): their run needs some 7 MB. */
    enum { DECLARED = 100000 };
    const char head[] = HEADER_22 "$Nodes\n100000\n";
    size_t size = sizeof head - 1 + 8 * (size_t)DECLARED;
    unsigned char *data = malloc(size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(data);
    memcpy(data, head, sizeof head - 1);
    memset(data + sizeof head - 1, ' ', size - (sizeof head - 1));
    char budget[32];
    snprintf(budget, sizeof budget, "%zu", size + 1000);
    CU_ASSERT_EQUAL_FATAL(setenv("SWE_MEMORY_AVAILABLE_BYTES", budget, 1), 0);
    status = swe_msh_parse("declared.msh", data, size, &raw, &err);
    CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message,
                                  "a run of the mesh 'declared.msh' (100000 nodes) needs 7.2 MB of "
                                  "memory, more than the 801 kB available (give a coarser mesh)"));
    CU_ASSERT(raw.node_x == NULL);
    unsetenv("SWE_MEMORY_AVAILABLE_BYTES");
    CU_ASSERT_EQUAL(swe_msh_parse("declared.msh", data, size, &raw, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "a node tag"));
    free(data);
}

/* A generated square written as GMSH 4.1 binary reads back as written. */
static void test_written_meshes_read_back(void)
{
    char dir[256], path[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-write"), 0);
    swe_path_in(path, sizeof path, dir, "square.msh");
    swe_msh_raw written, read;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_msh_generate_square(7, 1000, 3, &written, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_msh_write_binary(path, &written, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_msh_read_file(path, &read, &err), SWE_OK);
    CU_ASSERT(read.node_count == 64 && read.triangle_count == 98 && read.line_count == 28);
    CU_ASSERT(memcmp(read.node_x, written.node_x, 64 * sizeof(double)) == 0);
    CU_ASSERT(memcmp(read.node_y, written.node_y, 64 * sizeof(double)) == 0);
    CU_ASSERT(memcmp(read.triangle_nodes, written.triangle_nodes, 3 * 98 * sizeof(int)) == 0);
    CU_ASSERT(memcmp(read.line_nodes, written.line_nodes, 2 * 28 * sizeof(int)) == 0);
    CU_ASSERT_STRING_EQUAL(swe_msh_group_name(&read, 1, 1), "wall");
    swe_mesh mesh;
    CU_ASSERT_EQUAL(swe_mesh_read(path, &mesh, &err), SWE_OK);
    CU_ASSERT_EQUAL(mesh.edge_count - mesh.interior_edge_count, 28);
    swe_mesh_free(&mesh);
    swe_msh_raw_free(&written);
    swe_msh_raw_free(&read);
    swe_remove_test_directory(dir);
}

void register_mesh_reader_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"2.2 and 4.1, ASCII and binary read the same mesh",
         test_four_encodings_read_the_same_mesh},
        {"boundary groups reach their edges", test_boundary_groups_reach_the_edges},
        {"malformed files refused with line and reason",
         test_malformed_files_are_refused_with_their_place},
        {"bad meshes refused naming the element", test_bad_meshes_are_refused_naming_the_element},
        {"binary files of either byte order, truncations refused",
         test_binary_files_of_either_byte_order},
        {"missing and unreadable files, and what is no file", test_missing_and_unreadable_files},
        {"meshes beyond the memory available, refused before allocation",
         test_meshes_beyond_the_memory_available},
        {"written meshes read back", test_written_meshes_read_back},
    };
    swe_mesh_test_register("mesh-reader", tests, (int)(sizeof tests / sizeof tests[0]));
}
