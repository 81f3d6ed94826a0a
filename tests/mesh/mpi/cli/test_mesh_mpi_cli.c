/* shallows-mpi --mesh as a user runs it through mpirun: its NetCDF file
 * holds shallows --mesh's variables and attributes byte for byte on any
 * rank count (the global history and backend say which program, when and
 * on what ran it: "mpi+serial"), its VTK pieces
 * hold that run's cells, its checkpoints
 * continue on any rank count and in one process, and bad input ends every
 * rank with one line from rank 0. A suite of shallows-tests (where MPI is
 * built): it starts mpirun itself. */
#include "core/real.h"
#include "tests/mesh/mesh_test_support.h"
#ifdef SWE_WITH_OPENCL
#include "backends/opencl/cl_device.h"
#endif
#include "tests/program_runner.h"
#include "tests/test_suites.h"
#include "tests/vtk_reader.h"

#include <CUnit/CUnit.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char work_dir[512];
static const char *const mesh = "common/mesh/geo/partial_dam_break_coarse.msh";

static int make_dir(void)
{
    return swe_make_test_directory(work_dir, sizeof work_dir, "shallows-mesh-mpi-cli");
}

static int remove_dir(void)
{
    return swe_remove_test_directory(work_dir);
}

enum { PATH_SIZE = 1200 };

/* Absolute paths: the programs run in the work directory. */
static void paths(char program[PATH_SIZE], char mpi[PATH_SIZE + 8], char mesh_path[PATH_SIZE])
{
    char cwd[512];
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof cwd));
    const char *own = swe_test_program();
    snprintf(program, PATH_SIZE, "%s%s%s", own[0] == '/' ? "" : cwd, own[0] == '/' ? "" : "/", own);
    snprintf(mpi, PATH_SIZE + 8, "%s-mpi", program);
    snprintf(mesh_path, PATH_SIZE, "%s/%s", cwd, mesh);
}

/* shallows (ranks 0) or mpirun -np ranks shallows-mpi in the work
 * directory, with the mesh, a time limit (exit 124 when the job hangs)
 * and the run options. */
static void run(int ranks, const char *options, swe_program_result *result)
{
    char program[PATH_SIZE], mpi[PATH_SIZE + 8], mesh_path[PATH_SIZE], launcher[64] = "";
    char script[4 * PATH_SIZE];
    paths(program, mpi, mesh_path);
    if (ranks > 0) {
        snprintf(launcher, sizeof launcher, "mpirun -q --oversubscribe -np %d ", ranks);
    }
    snprintf(script, sizeof script,
             "cd '%s' && OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 exec timeout "
             "60 %s'%s' --mesh '%s' %s",
             work_dir, launcher, ranks > 0 ? mpi : program, mesh_path, options);
    const char *argv[] = {"/bin/sh", "-c", script, NULL};
    swe_command_run(work_dir, argv, result);
}

/* Whether attribute number index of varid in a and b are the same bytes. */
static int same_attribute(int a, int b, int varid, int index)
{
    char name[NC_MAX_NAME + 1];
    nc_type type_a, type_b;
    size_t length_a = 0, length_b = 0, size = 0;
    if (nc_inq_attname(a, varid, index, name) != NC_NOERR ||
        nc_inq_att(a, varid, name, &type_a, &length_a) != NC_NOERR ||
        nc_inq_att(b, varid, name, &type_b, &length_b) != NC_NOERR || type_a != type_b ||
        length_a != length_b || nc_inq_type(a, type_a, NULL, &size) != NC_NOERR) {
        return 0;
    }
    char *bytes_a = malloc(length_a * size + 1), *bytes_b = malloc(length_b * size + 1);
    int same = bytes_a != NULL && bytes_b != NULL &&
               nc_get_att(a, varid, name, bytes_a) == NC_NOERR &&
               nc_get_att(b, varid, name, bytes_b) == NC_NOERR &&
               memcmp(bytes_a, bytes_b, length_a * size) == 0;
    free(bytes_a);
    free(bytes_b);
    return same;
}

/* Whether variable varid holds the same shape and bytes in a and b. */
static int same_variable(int a, int b, int varid)
{
    char name[NC_MAX_NAME + 1];
    nc_type type;
    int rank = 0, dims[NC_MAX_VAR_DIMS], other, attributes = 0, other_attributes = 0;
    size_t values = 1, size = 0;
    if (nc_inq_var(a, varid, name, &type, &rank, dims, &attributes) != NC_NOERR ||
        nc_inq_varid(b, name, &other) != NC_NOERR ||
        nc_inq_varnatts(b, other, &other_attributes) != NC_NOERR ||
        attributes != other_attributes || nc_inq_type(a, type, NULL, &size) != NC_NOERR) {
        return 0;
    }
    for (int d = 0; d < rank; ++d) {
        size_t length = 0;
        nc_inq_dimlen(a, dims[d], &length);
        values *= length;
    }
    int same = 1;
    for (int k = 0; k < attributes && same; ++k) {
        same = same_attribute(a, b, varid, k) && varid == other;
    }
    char *bytes_a = malloc(values * size + 1), *bytes_b = malloc(values * size + 1);
    same = same && bytes_a != NULL && bytes_b != NULL &&
           nc_get_var(a, varid, bytes_a) == NC_NOERR && nc_get_var(b, other, bytes_b) == NC_NOERR &&
           memcmp(bytes_a, bytes_b, values * size) == 0;
    free(bytes_a);
    free(bytes_b);
    return same;
}

/* Whether the NetCDF file b of the work directory (shallows-mpi's) holds
 * a's variables and attributes, but for the global history and backend,
 * and its backend names MPI. */
static int same_netcdf(const char *a_name, const char *b_name)
{
    char path_a[1024], path_b[1024], backend[64] = {0};
    swe_path_in(path_a, sizeof path_a, work_dir, a_name);
    swe_path_in(path_b, sizeof path_b, work_dir, b_name);
    int a, b, variables = 0, other_variables = -1, globals = 0;
    if (nc_open(path_a, NC_NOWRITE, &a) != NC_NOERR) {
        return 0;
    }
    if (nc_open(path_b, NC_NOWRITE, &b) != NC_NOERR) {
        nc_close(a);
        return 0;
    }
    size_t length = 0;
    int same =
        nc_inq_nvars(a, &variables) == NC_NOERR && nc_inq_nvars(b, &other_variables) == NC_NOERR &&
        variables == other_variables && nc_inq_natts(a, &globals) == NC_NOERR &&
        nc_inq_attlen(b, NC_GLOBAL, "backend", &length) == NC_NOERR && length < sizeof backend &&
        nc_get_att_text(b, NC_GLOBAL, "backend", backend) == NC_NOERR &&
        strncmp(backend, "mpi+", 4) == 0;
    for (int v = 0; v < variables && same; ++v) {
        same = same_variable(a, b, v);
    }
    for (int k = 0; k < globals && same; ++k) {
        char name[NC_MAX_NAME + 1];
        same = nc_inq_attname(a, NC_GLOBAL, k, name) == NC_NOERR &&
               (strcmp(name, "history") == 0 || strcmp(name, "backend") == 0 ||
                same_attribute(a, b, NC_GLOBAL, k));
    }
    nc_close(a);
    nc_close(b);
    return same;
}

static int by_bits(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(real));
}

/* The h values of a VTK file of the work directory, appended to values
 * (at *count, up to capacity); 0 when the file or array is unreadable. */
static int append_h(const char *name, real *values, size_t *count, size_t capacity)
{
    char path[1024];
    swe_path_in(path, sizeof path, work_dir, name);
    size_t size = 0, bytes = 0;
    char *file = swe_read_file(path, &size);
    void *h = file != NULL ? swe_vtk_read_array(file, size, "h", &bytes) : NULL;
    size_t n = bytes / sizeof(real);
    int ok = h != NULL && *count + n <= capacity && n > 0;
    if (ok) {
        memcpy(values + *count, h, bytes);
        *count += n;
    }
    free(h);
    free(file);
    return ok;
}

/* The pieces named by STEM_0002.pvtu hold, together,
 * the h values of one process's .vtu (as a multiset: the pieces list the
 * cells rank by rank). */
static int pieces_hold_the_whole(const char *stem, int ranks)
{
    enum { CAPACITY = 1 << 16 };
    real *whole = malloc(CAPACITY * sizeof *whole), *parts = malloc(CAPACITY * sizeof *parts);
    size_t whole_count = 0, parts_count = 0;
    int ok =
        whole != NULL && parts != NULL && append_h("one_0002.vtu", whole, &whole_count, CAPACITY);
    char name[256], path[1024];
    snprintf(name, sizeof name, "%s_0002.pvtu", stem);
    swe_path_in(path, sizeof path, work_dir, name);
    size_t size = 0;
    char *pvtu = swe_read_file(path, &size);
    int named = 0;
    for (const char *at = pvtu; at != NULL && (at = strstr(at, "<Piece Source=")) != NULL; ++at) {
        named++;
    }
    ok = ok && named == ranks;
    for (int rank = 0; ok && rank < ranks; ++rank) {
        snprintf(name, sizeof name, "%s_0002_p%04d.vtu", stem, rank);
        ok = append_h(name, parts, &parts_count, CAPACITY);
    }
    ok = ok && parts_count == whole_count;
    if (ok) {
        qsort(whole, whole_count, sizeof *whole, by_bits);
        qsort(parts, parts_count, sizeof *parts, by_bits);
        ok = memcmp(whole, parts, whole_count * sizeof *whole) == 0;
    }
    free(pvtu);
    free(whole);
    free(parts);
    return ok;
}

/* result ended well with the summary checksum expected; says what ran
 * (what) and its output where not. */
static void expect_checksum(const swe_program_result *result, const char *expected,
                            const char *what)
{
    char got[256];
    swe_summary_checksum(result->out, got, sizeof got);
    CU_ASSERT_EQUAL(result->exit_code, 0);
    CU_ASSERT(got[0] != '\0' && strcmp(got, expected) == 0);
    if (result->exit_code != 0 || strcmp(got, expected) != 0) {
        fprintf(stderr, "\n    %s, exit %d: %s%s", what, result->exit_code, result->out,
                result->err);
    }
}

static const char *const run_options =
    "--order 2 --t-end 3 --outputs 2 --format netcdf,vtk --quiet --output ";

static void test_ranks_write_the_files_of_one_process(void)
{
    swe_program_result one, parts;
    char options[256];
    snprintf(options, sizeof options, "%sone", run_options);
    run(0, options, &one);
    CU_ASSERT_EQUAL_FATAL(one.exit_code, 0);
    char expected[256];
    swe_summary_checksum(one.out, expected, sizeof expected);
    for (int ranks = 2; ranks <= 3; ++ranks) {
        snprintf(options, sizeof options, "%sparts%d", run_options, ranks);
        run(ranks, options, &parts);
        char name[64];
        snprintf(name, sizeof name, "%d ranks", ranks);
        expect_checksum(&parts, expected, name);
        CU_ASSERT_PTR_NOT_NULL(strstr(parts.out, "backend=mpi+serial"));
        snprintf(name, sizeof name, "parts%d.nc", ranks);
        CU_ASSERT(same_netcdf("one.nc", name));
        snprintf(name, sizeof name, "parts%d", ranks);
        CU_ASSERT(pieces_hold_the_whole(name, ranks));
    }
}

/* The mpi-ranks line of a run on ranks (backends/mpi/mpi_timing.h): the
 * rank count, each figure's range over the ranks, the owned triangles
 * between the ranks times the smallest and the largest part, overlap. */
static void expect_rank_line(const char *out, int ranks, const char *overlap)
{
    const char *line = strstr(out, "mpi-ranks: ranks=");
    CU_ASSERT_PTR_NOT_NULL_FATAL(line);
    int count = 0, slowest = -1, cells[2];
    double compute[2], exchange[2], wait[2], share = -1;
    char overlapped[8] = "";
    int read = sscanf(line,
                      "mpi-ranks: ranks=%d compute_seconds=%lf..%lf exchange_seconds=%lf..%lf "
                      "wait_seconds=%lf..%lf cells=%d..%d slowest_rank=%d "
                      "slowest_rank_wait_share=%lf overlap=%7s",
                      &count, &compute[0], &compute[1], &exchange[0], &exchange[1], &wait[0],
                      &wait[1], &cells[0], &cells[1], &slowest, &share, overlapped);
    CU_ASSERT_EQUAL_FATAL(read, 12);
    CU_ASSERT_EQUAL(count, ranks);
    CU_ASSERT(compute[0] > 0 && compute[0] <= compute[1]);
    CU_ASSERT(exchange[0] >= 0 && exchange[0] <= exchange[1]);
    CU_ASSERT(wait[0] >= 0 && wait[0] <= wait[1]);
    /* the coarse partial dam break's 3678 triangles, dealt out to the ranks */
    CU_ASSERT(cells[0] >= 1 && cells[0] <= cells[1] && cells[0] * ranks <= 3678 &&
              cells[1] * ranks >= 3678);
    CU_ASSERT(slowest >= 0 && slowest < ranks);
    CU_ASSERT(share >= 0 && share < 1);
    CU_ASSERT_STRING_EQUAL(overlapped, overlap);
}

/* --overlap gives the checksum of one process, and the mpi-ranks line
 * says so. */
static void test_overlap_gives_the_checksum_of_one_process(void)
{
    swe_program_result one, overlapped;
    run(0, "--order 2 --t-end 3 --outputs 2 --quiet --output one", &one);
    run(3, "--order 2 --t-end 3 --outputs 2 --quiet --overlap --output overlapped", &overlapped);
    CU_ASSERT_EQUAL_FATAL(one.exit_code, 0);
    char expected[256];
    swe_summary_checksum(one.out, expected, sizeof expected);
    expect_checksum(&overlapped, expected, "--overlap");
    expect_rank_line(overlapped.out, 3, "yes");
}

/* --partition rcb (the default without METIS) on 2 and 3 ranks: the
 * checksum of one process, and the report names the partitioner. */
static void test_rcb_parts_give_the_checksum_of_one_process(void)
{
    swe_program_result one, parts;
    run(0, "--order 2 --t-end 3 --outputs 2 --quiet --output one", &one);
    CU_ASSERT_EQUAL_FATAL(one.exit_code, 0);
    char expected[256];
    swe_summary_checksum(one.out, expected, sizeof expected);
    for (int ranks = 2; ranks <= 3; ++ranks) {
        run(ranks, "--order 2 --t-end 3 --outputs 2 --quiet --partition rcb --output rcb", &parts);
        char what[32];
        snprintf(what, sizeof what, "rcb on %d ranks", ranks);
        expect_checksum(&parts, expected, what);
        CU_ASSERT_PTR_NOT_NULL(strstr(parts.out, "partition=rcb"));
    }
}

#ifdef SWE_WITH_OPENCL
/* OpenCL ranks overlap too: with and without --overlap, both orders, the
 * checksum of serial in one process. */
static void test_opencl_overlap_gives_the_checksum_of_one_process(void)
{
    const char *device = getenv("SWE_TEST_CL_DEVICE");
    char options[256], expected[256];
    for (int order = 1; order <= 2; ++order) {
        swe_program_result one, parts;
        snprintf(options, sizeof options, "--order %d --t-end 3 --quiet --benchmark", order);
        run(0, options, &one);
        CU_ASSERT_EQUAL_FATAL(one.exit_code, 0);
        swe_summary_checksum(one.out, expected, sizeof expected);
        for (int overlap = 0; overlap <= 1; ++overlap) {
            snprintf(options, sizeof options,
                     "--backend opencl%s%s --order %d --t-end 3 --quiet --benchmark%s",
                     device != NULL ? " --cl-device " : "", device != NULL ? device : "", order,
                     overlap ? " --overlap" : "");
            run(3, options, &parts);
            expect_checksum(&parts, expected, options);
            CU_ASSERT_PTR_NOT_NULL(strstr(parts.out, "backend=mpi+opencl"));
            expect_rank_line(parts.out, 3, overlap ? "yes" : "no");
        }
    }
}
#endif

/* A checkpoint of 3 ranks continues on 2 ranks and in one process, each
 * ending where a run without a stop ends. */
static void test_checkpoints_continue_on_any_rank_count(void)
{
    swe_program_result whole, stopped, continued;
    run(0, "--order 2 --t-end 4 --outputs 2 --quiet --output whole", &whole);
    run(3, "--order 2 --t-end 4 --outputs 2 --quiet --output stop --checkpoint-every 2", &stopped);
    CU_ASSERT_EQUAL_FATAL(whole.exit_code, 0);
    CU_ASSERT_EQUAL_FATAL(stopped.exit_code, 0);
    char expected[256];
    swe_summary_checksum(whole.out, expected, sizeof expected);
    for (int ranks = 0; ranks <= 2; ranks += 2) {
        run(ranks,
            "--order 2 --t-end 4 --outputs 2 --quiet --output again --restart stop.checkpoint",
            &continued);
        char what[32];
        snprintf(what, sizeof what, "restart on %d ranks", ranks);
        expect_checksum(&continued, expected, what);
        CU_ASSERT(swe_summary_figure(continued.out, "restarted_at_step") > 0);
    }
}

static void expect_refusal(const char *options, const char *message)
{
    swe_program_result result;
    run(3, options, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT(strncmp(result.err, "shallows-mpi: ", 14) == 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    const char *newline = strchr(result.err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0'); /* one line: rank 0's */
    if (result.exit_code != 2 || strstr(result.err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', exit %d: %s", message, result.exit_code, result.err);
    }
}

static void test_bad_input_ends_every_rank_with_one_line(void)
{
    expect_refusal("--partition chaco", "--partition must be metis, random or rcb, not 'chaco'");
    expect_refusal("--partition", "option '--partition' needs a value");
    expect_refusal("--backend cobol", "backend 'cobol' is not built into this program");
    expect_refusal("--order 3", "--order must be between 1 and 2, got 3");
    expect_refusal("--restart missing.checkpoint", "missing.checkpoint");
    /* A FIFO once hung every rank in the reader: refused on the command
     * line, before the ranks read anything. */
    char fifo[1024];
    swe_path_in(fifo, sizeof fifo, work_dir, "fifo.msh");
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    expect_refusal("--mesh fifo.msh", "mesh 'fifo.msh' is a FIFO, not a regular file");
}

void register_mesh_mpi_cli_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"ranks write the files of one process", test_ranks_write_the_files_of_one_process},
        {"checkpoints continue on any rank count", test_checkpoints_continue_on_any_rank_count},
        {"--overlap: the checksum of one process", test_overlap_gives_the_checksum_of_one_process},
        {"--partition rcb: the checksum of one process",
         test_rcb_parts_give_the_checksum_of_one_process},
        {"bad input ends every rank with one line", test_bad_input_ends_every_rank_with_one_line}};
    swe_mesh_test_register_with_fixture("mesh-mpi-cli", tests, sizeof tests / sizeof tests[0],
                                        make_dir, remove_dir);
#ifdef SWE_WITH_OPENCL
    /* A suite of its own: registered only where a device is found. */
    swe_cl_device device;
    swe_error err = {{0}};
    if (swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) != SWE_OK) {
        printf("mesh-mpi-cli-opencl: skipped: no OpenCL device (%s)\n", err.message);
        return;
    }
    static const swe_mesh_test opencl_tests[] = {
        {"--backend opencl with and without --overlap: the checksum of serial",
         test_opencl_overlap_gives_the_checksum_of_one_process}};
    swe_mesh_test_register_with_fixture("mesh-mpi-cli-opencl", opencl_tests, 1, make_dir,
                                        remove_dir);
#endif
}
