/* The grid mapping of a projected input (UTM, GDAL's transverse_mercator,
 * any CF grid mapping or a WKT crs_wkt / GDAL spatial_ref), carried as the
 * input file states it into the outputs, so that gdalinfo, QGIS and
 * xarray place the results where the input was. A fixed-size record: it
 * travels through the pipe of the untrusted-input reader as it is.
 *
 * Reading and writing need NetCDF (netcdf_grid_mapping.c). */
#ifndef SWE_GRID_MAPPING_H
#define SWE_GRID_MAPPING_H

#include <stddef.h>

enum { SWE_GRID_MAPPING_PARAMETERS = 16, SWE_GRID_MAPPING_WKT = 4096 };

typedef struct swe_grid_mapping {
    char name[64];                  /* grid_mapping_name; "" with none */
    char wkt[SWE_GRID_MAPPING_WKT]; /* crs_wkt (or GDAL's spatial_ref); "" with none */
    int count;                      /* numeric parameters below */
    char parameter[SWE_GRID_MAPPING_PARAMETERS][64];
    double value[SWE_GRID_MAPPING_PARAMETERS][2];
    int length[SWE_GRID_MAPPING_PARAMETERS]; /* 1 or 2 values (standard_parallel may hold 2) */
} swe_grid_mapping;

/* Whether there is a grid mapping to carry (a name or a WKT). */
static inline int swe_grid_mapping_present(const swe_grid_mapping *mapping)
{
    return mapping != NULL && (mapping->name[0] != '\0' || mapping->wkt[0] != '\0');
}

/* Whether the WKT gives metres as its length unit (GDAL's export leaves
 * the values' units out and says them there). */
int swe_grid_mapping_in_metres(const swe_grid_mapping *mapping);

#endif
