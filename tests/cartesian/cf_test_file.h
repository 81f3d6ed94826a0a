/* Input files as the field ships them, for the tests of the CF reader:
 * GEBCO- and ETOPO-like grids in longitude and latitude, depths counted
 * downwards, packed integers, fill values, other units, variables in the
 * other order. A spec says what the file says; elevation() says what it
 * should mean (metres, positive upwards, at each grid point), and the
 * writer stores that as the attributes ask. */
#ifndef SWE_CF_TEST_FILE_H
#define SWE_CF_TEST_FILE_H

#include <netcdf.h>
#include <stddef.h>

typedef struct cf_axis_spec {
    const char *name;          /* of the dimension and its coordinate variable */
    const char *units;         /* NULL: none */
    const char *standard_name; /* NULL: none */
    size_t count;
    double first, step; /* in the file's units */
} cf_axis_spec;

enum cf_fill_kind { CF_NO_FILL, CF_FILL_VALUE, CF_MISSING_VALUE };

typedef struct cf_field_spec {
    const char *name;
    nc_type type;                                 /* 0: NC_FLOAT */
    const char *units, *positive, *standard_name; /* NULL: none */
    double metres_per_unit;                       /* 0: 1 */
    double scale, offset;                         /* scale 0: not packed */
    enum cf_fill_kind fill_kind;
    double fill;        /* as stored */
    long missing_index; /* the point (x fastest) stored as fill; -1: none */
} cf_field_spec;

typedef struct cf_file_spec {
    cf_axis_spec x, y; /* east-west, north-south */
    cf_field_spec field;
    int transposed;             /* stored over (x, y) */
    const char *first_variable; /* a byte variable over the same axes defined first ("tid") */
    const char *second_field;   /* another float variable over the axes, without attributes */
    /* The meaning of the value at (x, y), in the file's coordinate units. */
    double (*elevation)(double x, double y, const void *context);
    const void *context;
} cf_file_spec;

/* Writes the file at path; returns 0, or -1 with a message on stderr. */
int cf_write_test_file(const char *path, const cf_file_spec *spec);

#endif
