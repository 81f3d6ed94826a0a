/* VTK output of shallows-mpi: every rank's piece (.vtr), the .pvtr that
 * assembles them and the .pvd over time, checked against the .vtr files of
 * a serial run of the same grid: the pieces' extents tile the grid as the
 * ranks split it, and their cells and coordinates are the serial file's,
 * bit for bit. */
#include "backends/mpi/cartesian/mpi_split.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/grid/block_grid.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"
#include "tests/cartesian/vtk_extent.h"
#include "tests/vtk_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { NX = 37, NY = 23, OUTPUTS = 2 };

static const char *const cell_arrays[] = {"h", "b", "eta", "velocity"};
static const int components[] = {1, 1, 1, 3};
enum { CELL_ARRAYS = sizeof cell_arrays / sizeof cell_arrays[0] };

static int parse(const char *output, swe_options *options)
{
    char *argv[] = {"shallows",     "--scenario", "bump-dam-break",
                    "--nx",         "37",         "--ny",
                    "23",           "--t-end",    "0.2",
                    "--outputs",    "2",          "--quiet",
                    "--format",     "vtk",        "--output",
                    (char *)output, NULL};
    swe_error err;
    return swe_options_parse(16, argv, options, &err) == SWE_OK;
}

/* The whole file (binary appended data included), NUL-terminated;
 * *size: its length (NULL: not wanted). */
static char *read_text(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return NULL;
    }
    size_t capacity = 1 << 16, length = 0;
    char *text = malloc(capacity);
    while (text != NULL) {
        length += fread(text + length, 1, capacity - length - 1, file);
        if (length < capacity - 1) {
            break;
        }
        char *larger = realloc(text, capacity * 2);
        if (larger == NULL) {
            free(text);
        }
        text = larger;
        capacity *= 2;
    }
    fclose(file);
    if (text != NULL) {
        text[length] = '\0';
    }
    if (size != NULL) {
        *size = length;
    }
    return text;
}

static int same_extent(const swe_vtk_extent *a, const swe_vtk_extent *b)
{
    return a->i_begin == b->i_begin && a->i_end == b->i_end && a->j_begin == b->j_begin &&
           a->j_end == b->j_end;
}

/* The serial file's arrays: the cell arrays over the whole grid, x, y. */
typedef struct whole_arrays {
    real *cells[CELL_ARRAYS];
    double *x, *y;
} whole_arrays;

static int read_whole(const char *xml, size_t size, whole_arrays *whole)
{
    size_t bytes;
    int ok = 1;
    for (int a = 0; a < CELL_ARRAYS; ++a) {
        whole->cells[a] = swe_vtk_read_array(xml, size, cell_arrays[a], &bytes);
        ok = ok && whole->cells[a] != NULL &&
             bytes == (size_t)NX * NY * (size_t)components[a] * sizeof(real);
    }
    whole->x = swe_vtk_read_array(xml, size, "x", &bytes);
    ok = ok && whole->x != NULL && bytes == (NX + 1) * sizeof(double);
    whole->y = swe_vtk_read_array(xml, size, "y", &bytes);
    return ok && whole->y != NULL && bytes == (NY + 1) * sizeof(double);
}

static void free_whole(whole_arrays *whole)
{
    for (int a = 0; a < CELL_ARRAYS; ++a) {
        free(whole->cells[a]);
    }
    free(whole->x);
    free(whole->y);
}

/* The piece's cells and coordinates are those of its extent in whole. */
static int piece_matches(const char *xml, size_t size, const swe_vtk_extent *e,
                         const whole_arrays *whole)
{
    const int nx = e->i_end - e->i_begin, ny = e->j_end - e->j_begin;
    size_t bytes;
    int same = 1;
    for (int a = 0; same && a < CELL_ARRAYS; ++a) {
        size_t c = (size_t)components[a];
        real *cells = swe_vtk_read_array(xml, size, cell_arrays[a], &bytes);
        same = cells != NULL && bytes == (size_t)nx * ny * c * sizeof(real);
        for (int j = 0; same && j < ny; ++j) {
            same = memcmp(cells + (size_t)j * nx * c,
                          whole->cells[a] + ((size_t)(e->j_begin + j) * NX + e->i_begin) * c,
                          (size_t)nx * c * sizeof(real)) == 0;
        }
        free(cells);
    }
    double *x = swe_vtk_read_array(xml, size, "x", &bytes);
    same = same && x != NULL && bytes == (size_t)(nx + 1) * sizeof(double) &&
           memcmp(x, whole->x + e->i_begin, bytes) == 0;
    free(x);
    double *y = swe_vtk_read_array(xml, size, "y", &bytes);
    same = same && y != NULL && bytes == (size_t)(ny + 1) * sizeof(double) &&
           memcmp(y, whole->y + e->j_begin, bytes) == 0;
    free(y);
    return same;
}

/* The time a file stores, as text: it must be the serial run's. */
static int same_time(const char *xml_a, const char *xml_b)
{
    const char *key = "Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">";
    const char *a = strstr(xml_a, key), *b = strstr(xml_b, key);
    return a != NULL && b != NULL && strncmp(a, b, strlen(key) + 24) == 0;
}

/* On rank 0: snapshot k of the MPI run, assembled, against the serial one. */
static int snapshot_assembles(const char *directory, int snapshot, const swe_block_grid *grid)
{
    char path[256];
    snprintf(path, sizeof path, "%s/serial_%04d.vtr", directory, snapshot);
    size_t serial_size = 0;
    char *serial = read_text(path, &serial_size);
    snprintf(path, sizeof path, "%s/pieces_%04d.pvtr", directory, snapshot);
    char *pvtr = read_text(path, NULL);
    whole_arrays whole = {{NULL}, NULL, NULL};
    const swe_vtk_extent domain = {0, NX, 0, NY};
    swe_vtk_extent extent;
    int same = serial != NULL && pvtr != NULL && read_whole(serial, serial_size, &whole) &&
               swe_vtk_read_extent(pvtr, "WholeExtent", &extent) && same_extent(&extent, &domain);
    const char *cursor = pvtr;
    const int count = swe_block_grid_count(grid);
    for (int rank = 0; same && rank < count; ++rank) {
        /* Piece rank of the .pvtr: the rank's cells, in the rank's file. */
        swe_block_extent cells = swe_block_grid_extent(grid, rank);
        const swe_vtk_extent expected = {cells.first_i, cells.first_i + cells.nx, cells.first_j,
                                         cells.first_j + cells.ny};
        char source[64];
        snprintf(source, sizeof source, " Source=\"pieces_%04d_p%04d.vtr\"/>", snapshot, rank);
        cursor = swe_vtk_read_extent(cursor, "Extent", &extent);
        same = cursor != NULL && same_extent(&extent, &expected) &&
               strncmp(cursor, source, strlen(source)) == 0;
        snprintf(path, sizeof path, "%s/pieces_%04d_p%04d.vtr", directory, snapshot, rank);
        size_t piece_size = 0;
        char *piece = same ? read_text(path, &piece_size) : NULL;
        swe_vtk_extent piece_extent, piece_whole;
        same = piece != NULL && swe_vtk_read_extent(piece, "WholeExtent", &piece_whole) &&
               same_extent(&piece_whole, &domain) &&
               swe_vtk_read_extent(piece, "Extent", &piece_extent) &&
               same_extent(&piece_extent, &expected) && same_time(piece, serial) &&
               piece_matches(piece, piece_size, &expected, &whole);
        free(piece);
    }
    /* No more pieces than ranks. */
    same = same && strstr(cursor, "<Piece") == NULL;
    free_whole(&whole);
    free(serial);
    free(pvtr);
    return same;
}

/* On rank 0: the .pvd lists the .pvtr files at the serial run's times. */
static int series_lists_snapshots(const char *directory)
{
    char path[256];
    snprintf(path, sizeof path, "%s/serial.pvd", directory);
    char *serial = read_text(path, NULL);
    snprintf(path, sizeof path, "%s/pieces.pvd", directory);
    char *pieces = read_text(path, NULL);
    int same = serial != NULL && pieces != NULL;
    for (int k = 0; same && k <= OUTPUTS; ++k) {
        char serial_entry[64], pieces_entry[64];
        snprintf(serial_entry, sizeof serial_entry, "file=\"serial_%04d.vtr\"", k);
        snprintf(pieces_entry, sizeof pieces_entry, "file=\"pieces_%04d.pvtr\"", k);
        const char *a = strstr(serial, serial_entry), *b = strstr(pieces, pieces_entry);
        /* The same <DataSet timestep="..." part="0" before each name. */
        const char *line_a = a, *line_b = b;
        while (line_a != NULL && line_a > serial && line_a[-1] != '<') {
            --line_a;
        }
        while (line_b != NULL && line_b > pieces && line_b[-1] != '<') {
            --line_b;
        }
        same = a != NULL && b != NULL && a - line_a == b - line_b &&
               strncmp(line_a, line_b, (size_t)(a - line_a)) == 0;
    }
    free(serial);
    free(pieces);
    return same;
}

static void test_pieces_assemble_to_the_serial_grid(void)
{
    char directory[128], pieces_stem[192], serial_stem[192];
    swe_mpi_test_directory(directory, sizeof directory);
    snprintf(pieces_stem, sizeof pieces_stem, "%s/pieces", directory);
    snprintf(serial_stem, sizeof serial_stem, "%s/serial", directory);
    swe_options options;
    swe_mpi_run_result result;
    swe_error err = {{0}};
    int ok = parse(pieces_stem, &options) &&
             swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) == SWE_OK;
    SWE_MPI_ASSERT_ALL(ok, "the MPI run writes its VTK pieces");
    swe_block_grid grid;
    ok = ok && swe_block_grid_choose(NX, NY, swe_mpi_test_size(), &grid, &err) == SWE_OK;
    int assembled = 1, listed = 1, no_netcdf = 1;
    if (swe_mpi_test_rank() == 0) {
        swe_run_result serial_result;
        assembled = parse(serial_stem, &options) &&
                    swe_run(&options, &serial_result, &err) == SWE_OK &&
                    serial_result.steps == result.run.steps;
        for (int k = 0; assembled && k <= OUTPUTS; ++k) {
            assembled = snapshot_assembles(directory, k, &grid);
        }
        listed = series_lists_snapshots(directory);
        char path[256];
        snprintf(path, sizeof path, "%s.nc", pieces_stem);
        no_netcdf = access(path, F_OK) != 0; /* not asked for */
    }
    SWE_MPI_ASSERT_ALL(ok && assembled,
                       "each snapshot's pieces tile the grid and hold the serial .vtr's values");
    SWE_MPI_ASSERT_ALL(listed, "the .pvd lists each .pvtr at the serial run's time");
    SWE_MPI_ASSERT_ALL(no_netcdf, "--format vtk writes no NetCDF file");
    swe_mpi_test_remove_directory(directory);
}

/* A place where no piece can be written fails the run on every rank. */
static void test_piece_failure_reaches_every_rank(void)
{
    swe_options options;
    swe_mpi_run_result result;
    swe_error err = {{0}};
    int ok = parse("pieces", &options);
    /* The command line refuses such a place itself; the run must too. */
    snprintf(options.run.output_stem, sizeof options.run.output_stem,
             "/nonexistent-directory/pieces");
    int status = ok ? swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) : -1;
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE &&
                           strstr(err.message, "the folder '/nonexistent-directory' of --output"),
                       "every rank returns rank 0's refusal of the place, before any piece");
}

void register_mpi_vtk_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-vtk", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-vtk");
    swe_mpi_test_require(CU_add_test(suite, "pieces assemble to the serial grid",
                                     test_pieces_assemble_to_the_serial_grid),
                         "test");
    swe_mpi_test_require(CU_add_test(suite, "piece failure reaches every rank",
                                     test_piece_failure_reaches_every_rank),
                         "test");
}
