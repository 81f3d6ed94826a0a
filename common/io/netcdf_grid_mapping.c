#include "io/netcdf_grid_mapping.h"

#include <netcdf.h>
#include <string.h>

/* Text attribute name of varid into text, "" when absent, not text or too
 * long. */
static void read_text(int ncid, int varid, const char *name, char *text, size_t size)
{
    nc_type type;
    size_t length = 0;
    text[0] = '\0';
    if (nc_inq_att(ncid, varid, name, &type, &length) == NC_NOERR && type == NC_CHAR &&
        length < size && nc_get_att_text(ncid, varid, name, text) == NC_NOERR) {
        text[length] = '\0';
    }
}

static int is_number(nc_type type)
{
    return type == NC_DOUBLE || type == NC_FLOAT || type == NC_INT || type == NC_SHORT ||
           type == NC_BYTE || type == NC_UBYTE || type == NC_USHORT || type == NC_UINT;
}

void swe_grid_mapping_read(int ncid, int varid, swe_grid_mapping *mapping)
{
    if (mapping == NULL) {
        return;
    }
    memset(mapping, 0, sizeof *mapping);
    char reference[256];
    read_text(ncid, varid, "grid_mapping", reference, sizeof reference);
    reference[strcspn(reference, ": ")] = '\0'; /* "crs: x y" names crs */
    int mapping_id, attributes = 0;
    if (reference[0] == '\0' || nc_inq_varid(ncid, reference, &mapping_id) != NC_NOERR ||
        nc_inq_varnatts(ncid, mapping_id, &attributes) != NC_NOERR) {
        return;
    }
    read_text(ncid, mapping_id, "grid_mapping_name", mapping->name, sizeof mapping->name);
    read_text(ncid, mapping_id, "crs_wkt", mapping->wkt, sizeof mapping->wkt);
    if (mapping->wkt[0] == '\0') {
        read_text(ncid, mapping_id, "spatial_ref", mapping->wkt, sizeof mapping->wkt);
    }
    for (int a = 0; a < attributes && mapping->count < SWE_GRID_MAPPING_PARAMETERS; ++a) {
        char name[NC_MAX_NAME + 1];
        nc_type type;
        size_t length = 0;
        int k = mapping->count;
        if (nc_inq_attname(ncid, mapping_id, a, name) != NC_NOERR ||
            nc_inq_att(ncid, mapping_id, name, &type, &length) != NC_NOERR || !is_number(type) ||
            length < 1 || length > 2 || strlen(name) >= sizeof mapping->parameter[k] ||
            nc_get_att_double(ncid, mapping_id, name, mapping->value[k]) != NC_NOERR) {
            continue;
        }
        memcpy(mapping->parameter[k], name, strlen(name) + 1); /* its length checked above */
        mapping->length[k] = (int)length;
        mapping->count++;
    }
}

int swe_grid_mapping_write(const swe_cf_file *file, const swe_grid_mapping *mapping, swe_error *err)
{
    if (file == NULL || !swe_grid_mapping_present(mapping)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no grid mapping to write");
    }
    int varid;
    const swe_cf_variable crs = {"crs", "grid mapping of the input (as it stated it)", NULL, NULL};
    int status = swe_cf_define(file, &crs, NC_INT, 0, NULL, &varid, err);
    if (status == SWE_OK && mapping->name[0] != '\0') {
        status = swe_cf_put_text(file, varid, "grid_mapping_name", mapping->name, err);
    }
    if (status == SWE_OK && mapping->wkt[0] != '\0') {
        status = swe_cf_put_text(file, varid, "crs_wkt", mapping->wkt, err);
    }
    for (int k = 0; k < mapping->count && status == SWE_OK; ++k) {
        status = swe_cf_check(file,
                              nc_put_att_double(file->ncid, varid, mapping->parameter[k], NC_DOUBLE,
                                                (size_t)mapping->length[k], mapping->value[k]),
                              "nc_put_att_double", mapping->parameter[k], err);
    }
    return status;
}
