#include "run/option_values.h"

#include "io/formats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_parse_count(const char *text, const char *option, long min, long max, long *value,
                    swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long parsed = text != NULL ? strtol(text, &end, 10) : 0;
    if (text == NULL || end == text || *end != '\0' || errno != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a whole number, got '%s'", option,
                        text != NULL ? text : "");
    }
    if (parsed < min || parsed > max) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s must be between %ld and %ld, got %ld", option,
                        min, max, parsed);
    }
    *value = parsed;
    return SWE_OK;
}

int swe_parse_int(const char *text, const char *option, int min, int max, int *value,
                  swe_error *err)
{
    long parsed = 0;
    int status = swe_parse_count(text, option, min, max, &parsed, err);
    if (status == SWE_OK) {
        *value = (int)parsed;
    }
    return status;
}

int swe_parse_number(const char *text, const char *option, double *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    double parsed = text != NULL ? strtod(text, &end) : 0.0;
    if (text == NULL || end == text || *end != '\0' || errno != 0 || !isfinite(parsed)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a number, got '%s'", option,
                        text != NULL ? text : "");
    }
    *value = parsed;
    return SWE_OK;
}

int swe_parse_positive(const char *text, const char *option, double *value, swe_error *err)
{
    int status = swe_parse_number(text, option, value, err);
    return status != SWE_OK || *value > 0.0
               ? status
               : swe_fail(err, SWE_ERROR_USAGE, "%s must be positive, got %s", option, text);
}

int swe_parse_within(const char *text, const char *option, double low, double high, double *value,
                     swe_error *err)
{
    int status = swe_parse_number(text, option, value, err);
    return status != SWE_OK || (*value >= low && *value <= high)
               ? status
               : swe_fail(err, SWE_ERROR_USAGE, "%s must be between %g and %g, got %s", option, low,
                          high, text);
}

int swe_check_cfl(double cfl, swe_error *err)
{
    return cfl > 0.0 && cfl <= 1.0
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "--cfl must be in (0, 1], got %g", cfl);
}

int swe_parse_cfl(const char *text, double *cfl, swe_error *err)
{
    int status = swe_parse_number(text, "--cfl", cfl, err);
    return status != SWE_OK ? status : swe_check_cfl(*cfl, err);
}

int swe_parse_formats(const char *text, unsigned *formats, swe_error *err)
{
    static const struct {
        const char *name;
        unsigned flag;
    } known[] = {{"netcdf", SWE_FORMAT_NETCDF}, {"vtk", SWE_FORMAT_VTK}, {"png", SWE_FORMAT_PNG}};
    *formats = 0;
    const char *start = text;
    for (;;) {
        size_t length = strcspn(start, ",");
        unsigned flag = 0;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; ++k) {
            if (length == strlen(known[k].name) && strncmp(start, known[k].name, length) == 0) {
                flag = known[k].flag;
            }
        }
        if (flag == 0) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "unknown format '%.*s' in --format (give a comma list of netcdf, "
                            "vtk, png)",
                            (int)length, start);
        }
        *formats |= flag;
        if (start[length] == '\0') {
            return SWE_OK;
        }
        start += length + 1;
    }
}

/* A Manning coefficient: finite, not negative; beyond 1 s/m^(1/3) no
 * natural bed lies, so a larger value is a typo. */
int swe_parse_manning(const char *text, double *manning, swe_error *err)
{
    int status = swe_parse_number(text, "--manning", manning, err);
    if (status == SWE_OK && !(*manning >= 0 && *manning <= 1)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--manning must be between 0 and 1 s/m^(1/3) (e.g. 0.03), got %g",
                        *manning);
    }
    return status;
}

/* Two numbers "A,B". */
static int parse_pair(const char *text, double *a, double *b)
{
    char *end = NULL;
    errno = 0;
    *a = strtod(text, &end);
    if (end == text || *end != ',' || errno != 0 || !isfinite(*a)) {
        return -1;
    }
    const char *second = end + 1;
    *b = strtod(second, &end);
    return end == second || *end != '\0' || errno != 0 || !isfinite(*b) ? -1 : 0;
}

int swe_parse_point(const char *text, const char *option, double *x, double *y, swe_error *err)
{
    return parse_pair(text, x, y) == 0
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "%s needs X,Y in metres (e.g. 250,500), got '%s'",
                          option, text);
}

int swe_parse_colour_range(const char *text, swe_range_choice *range, swe_error *err)
{
    if (strcmp(text, "snapshot") == 0 || strcmp(text, "run") == 0) {
        *range = (swe_range_choice){text[0] == 's' ? SWE_RANGE_SNAPSHOT : SWE_RANGE_RUN, 0, 0};
        return SWE_OK;
    }
    double low, high;
    if (parse_pair(text, &low, &high) != 0 || !(low < high)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--colour-range needs snapshot, run or LOW,HIGH in metres with LOW < "
                        "HIGH (e.g. -0.3,0.3), got '%s'",
                        text);
    }
    *range = (swe_range_choice){SWE_RANGE_FIXED, low, high};
    return SWE_OK;
}

int swe_output_stem(const char *text, char *stem, size_t size, swe_error *err)
{
    static const char *const extensions[] = {".nc",   ".pvd", ".pvtr", ".vtr",
                                             ".pvtu", ".vtu", ".vti",  ".png"};
    size_t length = strlen(text);
    if (length == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--output needs a file name, got '%s' (e.g. --output results/run)", text);
    }
    if (text[length - 1] == '/') {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--output '%s' names a folder (give a file stem in it, such as '%srun')",
                        text, text);
    }
    for (size_t k = 0; k < sizeof extensions / sizeof extensions[0]; ++k) {
        size_t suffix = strlen(extensions[k]);
        if (length > suffix && strcmp(text + length - suffix, extensions[k]) == 0 &&
            text[length - suffix - 1] != '/') {
            length -= suffix;
            break;
        }
    }
    if (length >= size) {
        return swe_fail(err, SWE_ERROR_USAGE, "--output '%s' is too long", text);
    }
    memcpy(stem, text, length);
    stem[length] = '\0';
    return SWE_OK;
}
