/* Fault injection, input files: bathymetry files crafted to break the
 * reader (cut short, declaring more data than any machine holds, extents
 * that overflow or vanish, a FIFO, a folder, text) and a few dozen
 * mutated ones in the three NetCDF formats. Every run must end within its
 * time limit with exit code 0, 1 or 2, and a failure with one line
 * (`make fuzz` runs the same attack for minutes: tools/fuzz/). */
#include "tests/fault_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "fault-inputs");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* A field file: x and y evenly from their first to their last values,
 * b over (y, x) written unless declared_only (then only its fill values
 * exist). */
typedef struct field_file {
    int format; /* 0 (classic), NC_64BIT_OFFSET or NC_NETCDF4 */
    size_t nx, ny;
    double x_first, x_last, y_first, y_last;
    int declared_only;
} field_file;

/* Without overflow where the ends lie near the largest double. */
static double between(double first, double last, size_t k, size_t count)
{
    double weight = (double)k / (double)(count - 1);
    return first * (1.0 - weight) + last * weight;
}

static void write_field(const char *name, const field_file *f)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    int ncid, dims[2], x_id, y_id, b_id;
    CU_ASSERT_EQUAL_FATAL(nc_create(path, NC_CLOBBER | f->format, &ncid), NC_NOERR);
    nc_def_dim(ncid, "y", f->ny, &dims[0]);
    nc_def_dim(ncid, "x", f->nx, &dims[1]);
    nc_def_var(ncid, "x", NC_DOUBLE, 1, &dims[1], &x_id);
    nc_def_var(ncid, "y", NC_DOUBLE, 1, &dims[0], &y_id);
    nc_def_var(ncid, "b", NC_FLOAT, 2, dims, &b_id);
    /* In metres, as the CF reader asks (io/netcdf_input_field.h). */
    nc_put_att_text(ncid, x_id, "units", 1, "m");
    nc_put_att_text(ncid, y_id, "units", 1, "m");
    nc_put_att_text(ncid, b_id, "units", 1, "m");
    if (f->format == NC_NETCDF4) {
        const size_t chunk[2] = {f->ny < 256 ? f->ny : 256, f->nx < 256 ? f->nx : 256};
        nc_def_var_chunking(ncid, b_id, NC_CHUNKED, chunk); /* no space for chunks unwritten */
    }
    CU_ASSERT_EQUAL_FATAL(nc_enddef(ncid), NC_NOERR);
    size_t longest = f->nx > f->ny ? f->nx : f->ny;
    double *axis = malloc(longest * sizeof *axis);
    CU_ASSERT_PTR_NOT_NULL_FATAL(axis);
    for (size_t k = 0; k < f->nx; ++k) {
        axis[k] = between(f->x_first, f->x_last, k, f->nx);
    }
    nc_put_var_double(ncid, x_id, axis);
    for (size_t k = 0; k < f->ny; ++k) {
        axis[k] = between(f->y_first, f->y_last, k, f->ny);
    }
    nc_put_var_double(ncid, y_id, axis);
    free(axis);
    if (!f->declared_only) {
        float *b = malloc(f->nx * f->ny * sizeof *b);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        for (size_t k = 0; k < f->nx * f->ny; ++k) {
            b[k] = -10.0f + (float)(k % 7);
        }
        nc_put_var_float(ncid, b_id, b);
        free(b);
    }
    CU_ASSERT_EQUAL(nc_close(ncid), NC_NOERR);
}

static const field_file small_field = {0, 6, 5, 0, 500, 0, 400, 0};

/* Runs the netcdf scenario on bathymetry `name` (the displacement is the
 * small field, or `name` too when displacement). */
static void run_on(const char *name, int displacement, const char *environment,
                   swe_program_result *result)
{
    char bathymetry[1024], other[1024], output[1024];
    swe_path_in(bathymetry, sizeof bathymetry, directory, displacement ? "small.nc" : name);
    swe_path_in(other, sizeof other, directory, displacement ? name : "small.nc");
    swe_path_in(output, sizeof output, directory, "out");
    const char *const args[] = {
        "--scenario", "netcdf", "--bathymetry", bathymetry, "--displacement", other,
        "--nx",       "12",     "--ny",         "10",       "--t-end",        "1",
        "--outputs",  "2",      "--output",     output,     "--quiet",        NULL};
    const swe_fault_limits limits = {.seconds = 60, .environment = environment};
    swe_fault_run(directory, args, &limits, result);
}

static void expect_refused(const char *name, const char *environment, const char *message)
{
    swe_program_result result;
    run_on(name, 0, environment, &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, name));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    if (strstr(result.err, message) == NULL) {
        printf("\n    %s: expected '%s'", name, message);
    }
}

static void copy_cut(const char *from, const char *to, long keep)
{
    char source[1024], target[1024];
    swe_path_in(source, sizeof source, directory, from);
    swe_path_in(target, sizeof target, directory, to);
    size_t size = 0;
    char *data = swe_read_file(source, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(data);
    FILE *out = fopen(target, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    fwrite(data, 1, keep < 0 ? size : (size_t)keep, out);
    fclose(out);
    free(data);
}

static void test_crafted_bathymetry_refused(void)
{
    write_field("small.nc", &small_field);
    swe_program_result result;
    run_on("small.nc", 0, NULL, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0); /* the seed itself runs */

    /* A classic file cut short: libnetcdf would read the rest as 0 m. */
    copy_cut("small.nc", "cut.nc", 300);
    expect_refused("cut.nc", NULL, "is truncated: variable 'b' needs");
    copy_cut("small.nc", "header.nc", 40);
    expect_refused("header.nc", NULL, "has a header that runs past the end of the file");

    /* 30 000 x 30 000 values declared in a small NetCDF-4 file. */
    const field_file huge = {NC_NETCDF4, 30000, 30000, 0, 29999, 0, 29999, 1};
    write_field("huge.nc", &huge);
    expect_refused("huge.nc", "SWE_MEMORY_AVAILABLE_BYTES=2000000000",
                   "needs 14.4 GB of memory, more than the 2 GB available");

    /* Extents that overflow to infinity, or shrink to nothing. */
    const field_file wide = {0, 6, 5, -1.5e308, 1.5e308, 0, 400, 0};
    write_field("wide.nc", &wide);
    expect_refused("wide.nc", NULL, "not a domain of 1 mm to 100 000 km");
    const field_file tiny = {0, 6, 5, 0, 5.0e-300, 0, 400, 0};
    write_field("tiny.nc", &tiny);
    expect_refused("tiny.nc", NULL, "not a domain of 1 mm to 100 000 km");

    /* Not files at all, and not NetCDF. */
    char path[1024];
    swe_path_in(path, sizeof path, directory, "fifo.nc");
    CU_ASSERT_EQUAL_FATAL(mkfifo(path, 0600), 0);
    expect_refused("fifo.nc", NULL, "is a FIFO, not a regular file");
    swe_path_in(path, sizeof path, directory, "folder.nc");
    CU_ASSERT_EQUAL_FATAL(mkdir(path, 0700), 0);
    expect_refused("folder.nc", NULL, "is a directory, not a regular file");
    swe_path_in(path, sizeof path, directory, "empty.nc");
    FILE *empty = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(empty);
    fclose(empty);
    expect_refused("empty.nc", NULL, "is empty");
}

/* xorshift64: the same mutations on every machine. */
static unsigned long long next_random(unsigned long long *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A few of the mutations of tools/fuzz/fuzz_readers.py: bits flipped,
 * interesting words over the header, a cut. */
static void mutate(unsigned char *data, size_t *size, unsigned long long *state)
{
    static const unsigned words[] = {0,           1,           0x7f,  0xff, 0x7fffffff,
                                     0x80000000u, 0xffffffffu, 45000, 65536};
    int mutations = 1 + (int)(next_random(state) % 3);
    for (int m = 0; m<mutations && * size> 8; ++m) {
        size_t at = (size_t)(next_random(state) % (*size < 512 ? *size : 512));
        switch (next_random(state) % 3) {
        case 0:
            data[at] ^= (unsigned char)(1u << (next_random(state) % 8));
            break;
        case 1: {
            unsigned word = words[next_random(state) % (sizeof words / sizeof words[0])];
            for (int b = 0; b < 4 && at + (size_t)b < *size; ++b) {
                data[at + (size_t)b] = (unsigned char)(word >> (24 - 8 * b));
            }
            break;
        }
        default:
            *size = 8 + (size_t)(next_random(state) % (*size - 8));
        }
    }
}

/* Mutated bathymetry and displacement files in the three formats. */
static void test_mutated_files_end_cleanly(void)
{
    static const int formats[] = {0, NC_64BIT_OFFSET, NC_NETCDF4};
    const char *names[] = {"seed-classic.nc", "seed-64bit.nc", "seed-netcdf4.nc"};
    for (int f = 0; f < 3; ++f) {
        field_file seed = small_field;
        seed.format = formats[f];
        write_field(names[f], &seed);
    }
    write_field("small.nc", &small_field);
    unsigned long long state = 0x5eed5eedULL;
    int refused = 0, ran = 0;
    for (int trial = 0; trial < 18; ++trial) {
        char seed_path[1024], mutant_path[1024];
        swe_path_in(seed_path, sizeof seed_path, directory, names[trial % 3]);
        swe_path_in(mutant_path, sizeof mutant_path, directory, "mutant.nc");
        size_t size = 0;
        unsigned char *data = (unsigned char *)swe_read_file(seed_path, &size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(data);
        mutate(data, &size, &state);
        FILE *out = fopen(mutant_path, "wb");
        CU_ASSERT_PTR_NOT_NULL_FATAL(out);
        fwrite(data, 1, size, out);
        fclose(out);
        free(data);
        swe_program_result result;
        run_on("mutant.nc", trial % 2, NULL, &result);
        char context[64];
        snprintf(context, sizeof context, "mutant %d of %s", trial, names[trial % 3]);
        CU_ASSERT(result.exit_code >= 0 && result.exit_code <= 2);
        if (result.exit_code != 0) {
            CU_ASSERT(swe_fault_one_line(&result, result.exit_code, context));
        }
        refused += result.exit_code == 2;
        ran += result.exit_code == 0;
    }
    printf(" (%d refused, %d ran) ", refused, ran);
    CU_ASSERT(refused > 0); /* the mutations did reach the reader */
}

void register_fault_input_tests(void)
{
    CU_pSuite suite = CU_add_suite("fault-inputs", set_up, tear_down);
    swe_test_require_registered(suite, "suite fault-inputs");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"crafted bathymetry files are refused with one line", test_crafted_bathymetry_refused},
        {"mutated input files end with 0, 1 or 2 and one line", test_mutated_files_end_cleanly},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
