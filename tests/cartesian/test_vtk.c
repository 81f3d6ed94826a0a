/* Tests of the VTK XML writer: the files are well-formed XML around their
 * appended section, carry the extents and arrays ParaView expects, and
 * the arrays (zlib-compressed, or raw at --compress 0) read back to the
 * block's values. VTK's own readers load them in tools/check_files.py. */
#include "cartesian/grid/block.h"
#include "cartesian/io/vtk_output.h"
#include "io/vtk_zlib.h"
#include "tests/cartesian/vtk_extent.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"
#include "tests/vtk_reader.h"

#include <CUnit/CUnit.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TEST_NX = 7, TEST_NY = 4, MAX_DEPTH = 16 };

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "vtk");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* A block with a distinct value in every cell and field, and dry cells
 * (h below the dry tolerance) in the first column. */
static void make_block(swe_block *block)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, TEST_NX, TEST_NY, -2.0, 3.0, 14.0, 2.0, &err),
                          SWE_OK);
    for (int j = 1; j <= TEST_NY; ++j) {
        for (int i = 1; i <= TEST_NX; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            block->h[cell] = (real)(i + 10 * j) / 8;
            block->hu[cell] = (real)(i - j) / 4;
            block->hv[cell] = (real)(i * j) / 16;
            block->b[cell] = -(real)j / 2;
            if (i == 1) {
                block->h[cell] = SWE_DRY_TOLERANCE / 2;
            }
        }
    }
}

/* The file with its appended section's bytes left out, for the XML check:
 * VTK's appended data is raw bytes by design. */
static char *without_appended_bytes(const char *file)
{
    static const char end[] = "\n  </AppendedData>\n</VTKFile>\n";
    const char *section = strstr(file, "<AppendedData encoding=\"raw\">");
    const char *underscore = section != NULL ? strchr(section, '_') : NULL;
    if (underscore == NULL) {
        return NULL;
    }
    size_t length = (size_t)(underscore - file);
    char *copy = malloc(length + sizeof end);
    if (copy != NULL) {
        memcpy(copy, file, length);
        memcpy(copy + length, end, sizeof end);
    }
    return copy;
}

/* Well-formed XML in the subset VTK writes: a declaration, elements with
 * quoted attributes, character data without '<', and one root. */
static int well_formed(const char *text)
{
    const char *stack[MAX_DEPTH];
    size_t lengths[MAX_DEPTH];
    int depth = 0, roots = 0;
    const char *p = text;
    if (strncmp(p, "<?xml", 5) == 0) {
        p = strstr(p, "?>");
        if (p == NULL) {
            return 0;
        }
        p += 2;
    }
    while (*p != '\0') {
        if (*p != '<') {
            if (*p == '&' && strncmp(p, "&amp;", 5) && strncmp(p, "&lt;", 4) &&
                strncmp(p, "&quot;", 6)) {
                return 0;
            }
            if (depth == 0 && !isspace((unsigned char)*p)) {
                return 0;
            }
            ++p;
            continue;
        }
        int closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t length = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
        if (length == 0) {
            return 0;
        }
        p = name + length;
        if (closing) {
            if (depth == 0 || lengths[depth - 1] != length ||
                strncmp(stack[depth - 1], name, length) != 0 || *p != '>') {
                return 0;
            }
            --depth;
            ++p;
            continue;
        }
        while (isspace((unsigned char)*p)) { /* attributes: name="value" */
            p += strspn(p, " \t\n");
            size_t attribute = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_");
            if (attribute == 0) {
                break;
            }
            p += attribute;
            if (p[0] != '=' || p[1] != '"') {
                return 0;
            }
            const char *end = strchr(p + 2, '"');
            if (end == NULL || memchr(p + 2, '<', (size_t)(end - p - 2)) != NULL) {
                return 0;
            }
            p = end + 1;
        }
        if (depth == 0) {
            ++roots;
        }
        if (p[0] == '/' && p[1] == '>') {
            p += 2;
        } else if (p[0] == '>' && depth < MAX_DEPTH) {
            stack[depth] = name;
            lengths[depth++] = length;
            ++p;
        } else {
            return 0;
        }
    }
    return depth == 0 && roots == 1;
}

/* The values of the DataArray called name, copied into out: their size,
 * or 0 when absent, inconsistent or larger than capacity. */
static size_t data_array(const char *file, size_t size, const char *name, void *out,
                         size_t capacity)
{
    size_t bytes = 0;
    unsigned char *payload = swe_vtk_read_array(file, size, name, &bytes);
    if (payload == NULL || bytes > capacity) {
        free(payload);
        return 0;
    }
    memcpy(out, payload, bytes);
    free(payload);
    return bytes;
}

/* What a cell array of the piece should hold in (i, j), component c. */
static real expected_value(const swe_block *block, const char *name, size_t cell, int c)
{
    int wet = block->h[cell] >= SWE_DRY_TOLERANCE;
    if (strcmp(name, "h") == 0) {
        return block->h[cell];
    }
    if (strcmp(name, "b") == 0) {
        return block->b[cell];
    }
    if (strcmp(name, "eta") == 0) {
        return wet ? block->h[cell] + block->b[cell] : (real)NAN;
    }
    /* velocity: u, v, 0; zero where dry */
    const real *momentum = c == 0 ? block->hu : block->hv;
    return c < 2 && wet ? momentum[cell] / block->h[cell] : 0;
}

static void check_cell_array(const char *file, size_t size, const swe_block *block,
                             const char *name, int components)
{
    real values[3 * TEST_NX * TEST_NY];
    size_t bytes = data_array(file, size, name, values, sizeof values);
    CU_ASSERT_EQUAL_FATAL(bytes, (size_t)components * TEST_NX * TEST_NY * sizeof(real));
    for (int j = 1; j <= TEST_NY; ++j) {
        for (int i = 1; i <= TEST_NX; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            for (int c = 0; c < components; ++c) {
                real expected = expected_value(block, name, cell, c);
                real value = values[((j - 1) * TEST_NX + (i - 1)) * components + c];
                CU_ASSERT(isnan(expected) ? isnan(value) : value == expected);
            }
        }
    }
}

/* One piece written at compression level (0: raw). */
static void check_piece(int compression)
{
    swe_block block;
    make_block(&block);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "piece.vtr");
    swe_vtk_extent whole = {0, TEST_NX, 0, TEST_NY};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_vtk_write_piece(path, &block, &whole, &whole, 1.5, compression, &err),
                          SWE_OK);
    size_t size;
    char *file = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char *xml = without_appended_bytes(file);
    CU_ASSERT(xml != NULL && well_formed(xml));
    free(xml);
    CU_ASSERT_EQUAL(swe_vtk_is_compressed(file), compression > 0 && swe_vtk_zlib_available());
    CU_ASSERT_PTR_NOT_NULL(strstr(file, "<VTKFile type=\"RectilinearGrid\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(file, "WholeExtent=\"0 7 0 4 0 0\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(file, "<Piece Extent=\"0 7 0 4 0 0\">"));
    CU_ASSERT_PTR_NOT_NULL(strstr(file, "Name=\"TimeValue\" NumberOfTuples=\"1\" "
                                        "format=\"ascii\">1.5<"));
    CU_ASSERT_PTR_NOT_NULL(strstr(file, "Vectors=\"velocity\""));
    check_cell_array(file, size, &block, "h", 1);
    check_cell_array(file, size, &block, "b", 1);
    check_cell_array(file, size, &block, "eta", 1);
    check_cell_array(file, size, &block, "velocity", 3);
    double x[TEST_NX + 1], y[TEST_NY + 1], z[1];
    CU_ASSERT_EQUAL(data_array(file, size, "x", x, sizeof x), sizeof x);
    CU_ASSERT_EQUAL(data_array(file, size, "y", y, sizeof y), sizeof y);
    CU_ASSERT_EQUAL(data_array(file, size, "z", z, sizeof z), sizeof z);
    CU_ASSERT_DOUBLE_EQUAL(x[0], -2.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(x[TEST_NX], 12.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(y[0], 3.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(y[TEST_NY], 5.0, 1e-12);
    CU_ASSERT_FALSE(swe_file_exists(strcat(path, ".tmp")));
    free(file);
    swe_block_destroy(&block);
}

static void test_piece_holds_arrays_and_extents(void)
{
    check_piece(1);
    check_piece(9);
    check_piece(0);
}

/* Pieces one cell wide or high: a coordinate array (nx + 1 doubles) is
 * then larger than the velocity (3 nx ny reals), 16 against 12 bytes for
 * one cell in single precision; the sanitizers see a write past the
 * buffer that holds each array in turn. */
static void test_thin_pieces(void)
{
    static const int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        int nx = sizes[s][0], ny = sizes[s][1];
        swe_block block;
        swe_error err;
        CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, nx, ny, -2.0, 3.0, 2.0 * nx, 1.0 * ny, &err),
                              SWE_OK);
        for (int j = 1; j <= ny; ++j) {
            for (int i = 1; i <= nx; ++i) {
                block.h[SWE_INDEX(&block, i, j)] = 1;
            }
        }
        char path[1024];
        swe_path_in(path, sizeof path, directory, "thin.vtr");
        swe_vtk_extent whole = {0, nx, 0, ny};
        CU_ASSERT_EQUAL_FATAL(swe_vtk_write_piece(path, &block, &whole, &whole, 0.0, 1, &err),
                              SWE_OK);
        size_t size;
        char *file = swe_read_file(path, &size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(file);
        double x[6], y[6];
        CU_ASSERT_EQUAL(data_array(file, size, "x", x, sizeof x),
                        (size_t)(nx + 1) * sizeof(double));
        CU_ASSERT_EQUAL(data_array(file, size, "y", y, sizeof y),
                        (size_t)(ny + 1) * sizeof(double));
        CU_ASSERT_DOUBLE_EQUAL(x[nx], -2.0 + 2.0 * nx, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(y[ny], 3.0 + ny, 1e-12);
        free(file);
        swe_block_destroy(&block);
    }
}

#ifndef SWE_WITHOUT_ZLIB
/* The reader the tests trust must notice a damaged compressed block. */
static void test_reader_rejects_corrupted_data(void)
{
    swe_block block;
    make_block(&block);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "damaged.vtr");
    swe_vtk_extent whole = {0, TEST_NX, 0, TEST_NY};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_vtk_write_piece(path, &block, &whole, &whole, 0.0, 1, &err), SWE_OK);
    size_t size, bytes;
    char *file = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char *data = strchr(strstr(file, "<AppendedData"), '_') + 1;
    /* The first array's first compressed byte, past its 4 UInt64 numbers. */
    data[4 * sizeof(unsigned long long) + 2] ^= 0x5a;
    void *values = swe_vtk_read_array(file, size, "h", &bytes);
    CU_ASSERT_PTR_NULL(values);
    free(values);
    free(file);
    swe_block_destroy(&block);
}
#endif

/* A piece of a larger grid (as one MPI rank writes) keeps both extents. */
static void test_piece_of_a_larger_grid(void)
{
    swe_block block;
    make_block(&block);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "rank1.vtr");
    swe_vtk_extent whole = {0, 2 * TEST_NX, 0, TEST_NY};
    swe_vtk_extent piece = {TEST_NX, 2 * TEST_NX, 0, TEST_NY};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_vtk_write_piece(path, &block, &whole, &piece, 0.0, 1, &err), SWE_OK);
    size_t size;
    char *xml = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "WholeExtent=\"0 14 0 4 0 0\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<Piece Extent=\"7 14 0 4 0 0\">"));
    free(xml);
    /* A piece that does not match the block's size is refused. */
    swe_vtk_extent wrong = {0, TEST_NX + 1, 0, TEST_NY};
    swe_path_in(path, sizeof path, directory, "wrong.vtr");
    CU_ASSERT_EQUAL(swe_vtk_write_piece(path, &block, &whole, &wrong, 0.0, 1, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_block_destroy(&block);
}

/* Two blocks side by side, as two MPI ranks would write them, and the
 * .pvtr that assembles them. */
static void test_parallel_file_lists_pieces(void)
{
    swe_block left, right;
    make_block(&left);
    make_block(&right);
    right.x0 += right.width;
    swe_vtk_extent whole = {0, 2 * TEST_NX, 0, TEST_NY};
    swe_vtk_piece pieces[] = {{{0, TEST_NX, 0, TEST_NY}, "grid_0.vtr"},
                              {{TEST_NX, 2 * TEST_NX, 0, TEST_NY}, "grid_1.vtr"}};
    const swe_block *blocks[] = {&left, &right};
    char path[1024];
    swe_error err;
    for (int k = 0; k < 2; ++k) {
        swe_path_in(path, sizeof path, directory, pieces[k].file);
        CU_ASSERT_EQUAL(
            swe_vtk_write_piece(path, blocks[k], &whole, &pieces[k].extent, 0.5, 1, &err), SWE_OK);
    }
    swe_path_in(path, sizeof path, directory, "grid.pvtr");
    CU_ASSERT_EQUAL_FATAL(swe_vtk_write_parallel(path, &whole, pieces, 2, &err), SWE_OK);
    size_t size;
    char *xml = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT(well_formed(xml));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<PRectilinearGrid WholeExtent=\"0 14 0 4 0 0\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "Name=\"eta\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "Name=\"velocity\" NumberOfComponents=\"3\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<Piece Extent=\"0 7 0 4 0 0\" Source=\"grid_0.vtr\"/>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<Piece Extent=\"7 14 0 4 0 0\" Source=\"grid_1.vtr\"/>"));
    free(xml);
    swe_vtk_piece outside = {{TEST_NX, 3 * TEST_NX, 0, TEST_NY}, "grid_2.vtr"};
    swe_path_in(path, sizeof path, directory, "outside.pvtr");
    CU_ASSERT_EQUAL(swe_vtk_write_parallel(path, &whole, &outside, 1, &err), SWE_ERROR_USAGE);
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_block_destroy(&left);
    swe_block_destroy(&right);
}

static void test_series_lists_files_and_times(void)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, "series.pvd");
    const swe_vtk_series_entry entries[] = {
        {"run_0000.vtr", 0.0}, {"run_0001.vtr", 2.5}, {"a&b<c\".vtr", 5.0}};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_vtk_write_series(path, entries, 3, &err), SWE_OK);
    size_t size;
    char *xml = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT(well_formed(xml));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<VTKFile type=\"Collection\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "timestep=\"0\" part=\"0\" file=\"run_0000.vtr\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "timestep=\"2.5\" part=\"0\" file=\"run_0001.vtr\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "file=\"a&amp;b&lt;c&quot;.vtr\""));
    free(xml);
}

/* The checker itself must reject what is not well-formed. */
static void test_checker_rejects_broken_xml(void)
{
    CU_ASSERT(well_formed("<?xml version=\"1.0\"?>\n<a x=\"1\"><b/>text</a>\n"));
    CU_ASSERT_FALSE(well_formed("<a><b></a></b>"));
    CU_ASSERT_FALSE(well_formed("<a x=1></a>"));
    CU_ASSERT_FALSE(well_formed("<a></a><a></a>"));
    CU_ASSERT_FALSE(well_formed("<a>&</a>"));
    CU_ASSERT_FALSE(well_formed("<a>"));
}

/* A whole run with --format vtk: one file per snapshot, listed in PATH.pvd. */
static void test_run_writes_series(void)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, "run");
    const char *const args[] = {"--nx",     "12",        "--ny",    "8",        "--t-end",
                                "1",        "--outputs", "3",       "--output", output,
                                "--format", "vtk",       "--quiet", NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    char path[1024];
    for (int k = 0; k <= 3; ++k) {
        char name[64];
        snprintf(name, sizeof name, "run_%04d.vtr", k);
        swe_path_in(path, sizeof path, directory, name);
        CU_ASSERT(swe_file_exists(path));
    }
    swe_path_in(path, sizeof path, directory, "run.nc");
    CU_ASSERT_FALSE(swe_file_exists(path)); /* not asked for */
    swe_path_in(path, sizeof path, directory, "run.pvd");
    size_t size;
    char *xml = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    CU_ASSERT(well_formed(xml));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "file=\"run_0003.vtr\""));
    CU_ASSERT_PTR_NULL(strstr(xml, "run_0004"));
    free(xml);
    /* One cell, as a user may try first. */
    swe_path_in(output, sizeof output, directory, "cell");
    const char *const one_cell[] = {"--nx",     "1",    "--ny",     "1",   "--t-end", "0.01",
                                    "--output", output, "--format", "vtk", "--quiet", NULL};
    swe_program_run(directory, one_cell, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    swe_path_in(path, sizeof path, directory, "cell_0000.vtr");
    CU_ASSERT(swe_file_exists(path));
}

void register_vtk_tests(void)
{
    CU_pSuite suite = CU_add_suite("vtk", set_up, tear_down);
    swe_test_require_registered(suite, "suite vtk");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"a piece holds h, b, eta, velocity and its extents, compressed or raw",
         test_piece_holds_arrays_and_extents},
#ifndef SWE_WITHOUT_ZLIB
        {"the test reader notices a damaged compressed block", test_reader_rejects_corrupted_data},
#endif
        {"pieces of 1 x 1, 1 x 5 and 5 x 1 cells hold their coordinates", test_thin_pieces},
        {"a piece of a larger grid keeps both extents", test_piece_of_a_larger_grid},
        {"a .pvtr assembles pieces of two blocks", test_parallel_file_lists_pieces},
        {"the .pvd lists files and times, escaped", test_series_lists_files_and_times},
        {"the XML checker rejects broken XML", test_checker_rejects_broken_xml},
        {"--format vtk writes a .vtr per snapshot and a .pvd", test_run_writes_series},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
