#include "ns_cli_options.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void ns_print_usage(FILE *stream, const char *program)
{
    fprintf(stream,
            "usage: %s [options]   3D incompressible Navier-Stokes (staggered grid, QUICK + AB2, "
            "FFT-preconditioned CG)\n"
            "  --case NAME        taylor-green | cavity | kelvin-helmholtz | channel-obstacle "
            "(default cavity); --list-cases\n"
            "  --resolution N     cells along the case's unit length (default: the case's)\n"
            "  --reynolds RE      Reynolds number (taylor-green 10, cavity 100, channel 100)\n"
            "  --backend NAME     serial | openmp | cuda (default serial)\n"
            "  --level L          momentum kernel level (cuda 1-2; default the best)\n"
            "  --threads T        OpenMP threads (default OpenMP's)\n"
            "  --dt DT            fixed time step, s (default: CFL and diffusion limits)\n"
            "  --cfl C            fraction of the stability limit, (0, 1] (default 0.5)\n"
            "  --cg-tolerance TOL relative residual (default 1e-6 single, 1e-10 double)\n"
            "  --t-end T          simulated time, s (default: the case's)\n"
            "  --steps N          run N steps instead (benchmarks)\n"
            "  --snapshots K      output times after t = 0 (default 5)\n"
            "  --times T1,T2,...  output at these times instead (e.g. 0.3,0.405,0.465,0.555,0.87)\n"
            "  --output STEM      write STEM.nc, STEM_NNNN.vti/.png (default: no files)\n"
            "  --format LIST      netcdf,vtk,png (default netcdf,vtk,png)\n"
            "  --obstacles FILE   solid cells from a PGM picture over x-y, extruded in z\n"
            "  --profile          time each stage of a step (momentum: GB/s as 002 eq. 30)\n"
            "  --help\n",
            program);
}

static int parse_double(const char *text, const char *option, double *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(parsed)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a number, not '%s'", option, text);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_long(const char *text, const char *option, long low, long *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || parsed < low) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a whole number >= %ld, not '%s'", option,
                        low, text);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_formats(const char *text, int *formats, swe_error *err)
{
    *formats = 0;
    const char *start = text;
    while (*start != '\0') {
        size_t length = strcspn(start, ",");
        if (length == 6 && strncmp(start, "netcdf", 6) == 0) {
            *formats |= NS_FORMAT_NETCDF;
        } else if (length == 3 && strncmp(start, "vtk", 3) == 0) {
            *formats |= NS_FORMAT_VTK;
        } else if (length == 3 && strncmp(start, "png", 3) == 0) {
            *formats |= NS_FORMAT_PNG;
        } else {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "--format takes netcdf, vtk and png separated by commas, not '%s'",
                            text);
        }
        start += length + (start[length] == ',');
    }
    return *formats != 0 ? SWE_OK : swe_fail(err, SWE_ERROR_USAGE, "--format is empty");
}

static int parse_times(const char *text, ns_run_options *o, swe_error *err)
{
    o->time_count = 0;
    const char *start = text;
    while (*start != '\0') {
        char item[64];
        size_t length = strcspn(start, ",");
        if (length == 0 || length >= sizeof item || o->time_count == NS_MAX_TIMES) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "--times takes up to %d increasing times separated by commas, not '%s'",
                            NS_MAX_TIMES, text);
        }
        memcpy(item, start, length);
        item[length] = '\0';
        double t = 0.0;
        int status = parse_double(item, "--times", &t, err);
        double before = o->time_count > 0 ? o->times[o->time_count - 1] : 0.0;
        if (status != SWE_OK || !(t > before)) {
            return swe_fail(err, SWE_ERROR_USAGE, "--times must increase from above 0: '%s'", text);
        }
        o->times[o->time_count++] = t;
        start += length + (start[length] == ',');
    }
    return o->time_count > 0 ? SWE_OK : swe_fail(err, SWE_ERROR_USAGE, "--times is empty");
}

static const struct option long_options[] = {{"times", required_argument, NULL, 'T'},
                                             {"case", required_argument, NULL, 'c'},
                                             {"resolution", required_argument, NULL, 'n'},
                                             {"reynolds", required_argument, NULL, 'r'},
                                             {"backend", required_argument, NULL, 'b'},
                                             {"level", required_argument, NULL, 'l'},
                                             {"threads", required_argument, NULL, 'j'},
                                             {"dt", required_argument, NULL, 'd'},
                                             {"cfl", required_argument, NULL, 'C'},
                                             {"cg-tolerance", required_argument, NULL, 'g'},
                                             {"t-end", required_argument, NULL, 't'},
                                             {"steps", required_argument, NULL, 's'},
                                             {"snapshots", required_argument, NULL, 'k'},
                                             {"output", required_argument, NULL, 'o'},
                                             {"format", required_argument, NULL, 'f'},
                                             {"obstacles", required_argument, NULL, 'O'},
                                             {"profile", no_argument, NULL, 'P'},
                                             {"list-cases", no_argument, NULL, 'L'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};

/* The options whose value is a whole number, clamped to a sane range. */
static int apply_whole_number(int code, const char *value, ns_run_options *o, swe_error *err)
{
    static const struct {
        int code;
        const char *name;
        long low, high;
    } limits[] = {{'n', "--resolution", 2, 1 << 20},
                  {'l', "--level", 1, 99},
                  {'j', "--threads", 1, 4096},
                  {'k', "--snapshots", 1, 100000}};
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; ++l) {
        if (limits[l].code != code) {
            continue;
        }
        long whole = 0;
        int status = parse_long(value, limits[l].name, limits[l].low, &whole, err);
        int clamped = whole > limits[l].high ? (int)limits[l].high : (int)whole;
        int *target[] = {&o->settings.resolution, &o->settings.parameters.level,
                         &o->settings.parameters.threads, &o->snapshots};
        *target[l] = clamped;
        return status;
    }
    return swe_fail(err, SWE_ERROR_USAGE, "unknown option (see --help)");
}

static int apply_option(int code, const char *value, ns_run_options *o, swe_error *err)
{
    switch (code) {
    case 'c':
        o->case_name = value;
        return SWE_OK;
    case 'b':
        o->settings.backend = value;
        return SWE_OK;
    case 'o':
        o->output = value;
        return SWE_OK;
    case 'O':
        o->settings.obstacles = value;
        return SWE_OK;
    case 'f':
        return parse_formats(value, &o->formats, err);
    case 'T':
        return parse_times(value, o, err);
    case 's':
        return parse_long(value, "--steps", 1, &o->steps, err);
    case 'r':
        return parse_double(value, "--reynolds", &o->settings.reynolds, err);
    case 'd':
        return parse_double(value, "--dt", &o->settings.parameters.fixed_dt, err);
    case 'C':
        return parse_double(value, "--cfl", &o->settings.parameters.cfl, err);
    case 'g':
        return parse_double(value, "--cg-tolerance", &o->settings.parameters.cg_tolerance, err);
    case 't':
        if (parse_double(value, "--t-end", &o->end_time, err) != SWE_OK || !(o->end_time > 0.0)) {
            return swe_fail(err, SWE_ERROR_USAGE, "--t-end must be a positive number, not '%s'",
                            value);
        }
        return SWE_OK;
    case 'L':
    case 'P':
    case 'h':
        *(code == 'L' ? &o->list : code == 'P' ? &o->settings.parameters.profile : &o->help) = 1;
        return SWE_OK;
    default:
        return apply_whole_number(code, value, o, err);
    }
}

int ns_parse_options(int argc, char **argv, ns_run_options *options, swe_error *err)
{
    *options = (ns_run_options){.case_name = "cavity",
                                .snapshots = 5,
                                .formats = NS_FORMAT_NETCDF | NS_FORMAT_VTK | NS_FORMAT_PNG};
    opterr = 0;
    optind = 1;
    int code;
    while ((code = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        if (code == '?' || code == ':') {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "unknown option or missing value: '%s' (see --help)", argv[optind - 1]);
        }
        int status = apply_option(code, optarg, options, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    if (optind < argc) {
        return swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                        argv[optind]);
    }
    return SWE_OK;
}
