/* The two coordinate axes of an input field (io/netcdf_input_field.h). */
#include "io/library_versions.h"
#include "io/netcdf_input_field.h"

#include "io/units.h"

#include <math.h>
#include <netcdf.h>
#include <stdlib.h>
#include <string.h>

/* Axes longer than this are refused: a file of the whole globe at GEBCO's
 * resolution would not fit in memory; a subset of it does. */
enum { MAX_AXIS_POINTS = 1 << 20 };

enum direction { UNKNOWN, EAST_WEST, NORTH_SOUTH };

/* What one coordinate variable is. */
typedef struct axis_info {
    char name[NC_MAX_NAME + 1];
    int varid;
    size_t length;
    enum direction direction;
    int degrees;      /* longitude or latitude, else a length */
    double to_metres; /* a length's factor */
} axis_info;

static const char *const units_fix = "give it units = \"m\", \"km\", \"degrees_east\" or "
                                     "\"degrees_north\", e.g. ncatted -a units,NAME,o,c,m FILE";

static enum direction direction_of(const char *standard_name, const char *axis)
{
    if (strcmp(standard_name, "longitude") == 0 ||
        strcmp(standard_name, "projection_x_coordinate") == 0 || strcmp(axis, "X") == 0) {
        return EAST_WEST;
    }
    if (strcmp(standard_name, "latitude") == 0 ||
        strcmp(standard_name, "projection_y_coordinate") == 0 || strcmp(axis, "Y") == 0) {
        return NORTH_SOUTH;
    }
    return UNKNOWN;
}

/* The measure and direction of an axis from its units, standard_name and
 * axis attributes. */
static int classify(const swe_input_file *file, axis_info *axis, swe_error *err)
{
    char units[128], standard_name[128], axis_attribute[16];
    swe_input_text_attribute(file->ncid, axis->varid, "units", units, sizeof units);
    swe_input_text_attribute(file->ncid, axis->varid, "standard_name", standard_name,
                             sizeof standard_name);
    swe_input_text_attribute(file->ncid, axis->varid, "axis", axis_attribute,
                             sizeof axis_attribute);
    axis->direction = direction_of(standard_name, axis_attribute);
    switch (swe_units_classify(units, &axis->to_metres)) {
    case SWE_UNITS_LENGTH:
        axis->degrees = 0;
        return SWE_OK;
    case SWE_UNITS_DEGREES_EAST:
        axis->degrees = 1;
        axis->direction = EAST_WEST;
        return SWE_OK;
    case SWE_UNITS_DEGREES_NORTH:
        axis->degrees = 1;
        axis->direction = NORTH_SOUTH;
        return SWE_OK;
    case SWE_UNITS_DEGREES:
        axis->degrees = 1;
        return axis->direction != UNKNOWN
                   ? SWE_OK
                   : swe_input_refuse(
                         file, err, "use units = \"degrees_east\" or \"degrees_north\"",
                         "has coordinate '%s' in plain degrees, neither east nor north",
                         axis->name);
    default:
        break;
    }
    if (units[0] == '\0') {
        return swe_input_refuse(file, err, units_fix, "has coordinate '%s' without units",
                                axis->name);
    }
    return swe_input_refuse(file, err, swe_units_library(),
                            "has coordinate '%s' in '%s', neither a length this shallows knows "
                            "nor degrees east or north",
                            axis->name, units);
}

/* The coordinate variable of dimension: a 1D variable of its name over it. */
static int find_axis(const swe_input_file *file, int dimension, axis_info *axis, swe_error *err)
{
    int ncid = file->ncid, dims[NC_MAX_VAR_DIMS], count;
    nc_type type;
    if (nc_inq_dimname(ncid, dimension, axis->name) != NC_NOERR ||
        nc_inq_dimlen(ncid, dimension, &axis->length) != NC_NOERR) {
        return swe_input_refuse(file, err, "give a NetCDF file a library can read",
                                "has a dimension that cannot be read");
    }
    if (nc_inq_varid(ncid, axis->name, &axis->varid) != NC_NOERR ||
        nc_inq_var(ncid, axis->varid, NULL, &type, &count, dims, NULL) != NC_NOERR || count != 1 ||
        dims[0] != dimension || type == NC_CHAR || type == NC_STRING) {
        return swe_input_refuse(file, err, "add the coordinate variable with its values and units",
                                "has no coordinate variable '%s' (1D, over its dimension)",
                                axis->name);
    }
    if (axis->length < 2 || axis->length > MAX_AXIS_POINTS) {
        return swe_input_refuse(file, err,
                                "cut the file to the region of the run, e.g. with cdo "
                                "sellonlatbox or ncks -d",
                                "has %zu points along '%s' (2 to %d are read)", axis->length,
                                axis->name, MAX_AXIS_POINTS);
    }
    return classify(file, axis, err);
}

/* Values of the axis in metres or degrees, checked strictly monotonic. */
static int read_axis_values(const swe_input_file *file, const axis_info *axis, double **values,
                            swe_error *err)
{
    *values = malloc(axis->length * sizeof **values);
    if (*values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the coordinates of '%s'",
                        file->path);
    }
    double scale = 1.0, offset = 0.0;
    nc_get_att_double(file->ncid, axis->varid, "scale_factor", &scale);
    nc_get_att_double(file->ncid, axis->varid, "add_offset", &offset);
    if (nc_get_var_double(file->ncid, axis->varid, *values) != NC_NOERR) {
        return swe_input_refuse(file, err, "give a NetCDF file a library can read",
                                "has coordinate '%s' that cannot be read", axis->name);
    }
    double factor = axis->degrees ? 1.0 : axis->to_metres;
    for (size_t k = 0; k < axis->length; ++k) {
        (*values)[k] = ((*values)[k] * scale + offset) * factor;
    }
    int rising = (*values)[1] > (*values)[0];
    for (size_t k = 0; k + 1 < axis->length; ++k) {
        double step = (*values)[k + 1] - (*values)[k];
        if (!isfinite((*values)[k]) || !isfinite((*values)[k + 1]) ||
            !(rising ? step > 0 : step < 0)) {
            return swe_input_refuse(file, err, "give coordinates that rise or fall throughout",
                                    "has coordinates '%s' that are not strictly monotonic",
                                    axis->name);
        }
    }
    return SWE_OK;
}

/* Which of the two dimensions runs east-west; refuses two axes of the same
 * direction or of different measures. */
static int order_axes(const swe_input_file *file, const axis_info axes[2], int *transposed,
                      swe_error *err)
{
    if (axes[0].degrees != axes[1].degrees) {
        return swe_input_refuse(file, err, "give both coordinates in metres or both in degrees",
                                "mixes degrees ('%s') and lengths ('%s') in its coordinates",
                                axes[axes[0].degrees ? 0 : 1].name,
                                axes[axes[0].degrees ? 1 : 0].name);
    }
    if (axes[0].direction != UNKNOWN && axes[0].direction == axes[1].direction) {
        return swe_input_refuse(file, err, "give one east-west and one north-south coordinate",
                                "has two coordinates along the same direction ('%s', '%s')",
                                axes[0].name, axes[1].name);
    }
    /* CF's order is (y, x); a file says otherwise by its attributes. */
    *transposed = axes[0].direction == EAST_WEST || axes[1].direction == NORTH_SOUTH;
    return SWE_OK;
}

int swe_input_read_axes(const swe_input_file *file, int varid, swe_input_field *field,
                        int *transposed, swe_error *err)
{
    int dims[NC_MAX_VAR_DIMS];
    axis_info axes[2];
    memset(axes, 0, sizeof axes);
    int status = nc_inq_vardimid(file->ncid, varid, dims) == NC_NOERR
                     ? SWE_OK
                     : swe_input_refuse(file, err, "give a NetCDF file a library can read",
                                        "has a variable whose dimensions cannot be read");
    for (int a = 0; a < 2 && status == SWE_OK; ++a) {
        status = find_axis(file, dims[a], &axes[a], err);
    }
    if (status == SWE_OK) {
        status = order_axes(file, axes, transposed, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const axis_info *x_axis = &axes[*transposed ? 0 : 1], *y_axis = &axes[*transposed ? 1 : 0];
    field->nx = x_axis->length;
    field->ny = y_axis->length;
    field->geographic = x_axis->degrees;
    status = read_axis_values(file, x_axis, &field->x, err);
    return status == SWE_OK ? read_axis_values(file, y_axis, &field->y, err) : status;
}

static void reverse(double *values, size_t count, size_t stride)
{
    for (size_t k = 0; k < count / 2; ++k) {
        double swap = values[k * stride];
        values[k * stride] = values[(count - 1 - k) * stride];
        values[(count - 1 - k) * stride] = swap;
    }
}

void swe_input_make_rising(swe_input_field *field)
{
    if (field->x[1] < field->x[0]) {
        reverse(field->x, field->nx, 1);
        for (size_t row = 0; row < field->ny; ++row) {
            reverse(field->values + row * field->nx, field->nx, 1);
        }
    }
    if (field->y[1] < field->y[0]) {
        reverse(field->y, field->ny, 1);
        for (size_t column = 0; column < field->nx; ++column) {
            reverse(field->values + column, field->ny, field->nx);
        }
    }
}
