/* The insides of the UGRID NetCDF writer (mesh_netcdf.h), shared by its
 * two files: the header it defines (mesh_netcdf.c) and the records it
 * writes, appends and closes (mesh_netcdf_records.c). */
#ifndef SWE_MESH_NETCDF_FILE_H
#define SWE_MESH_NETCDF_FILE_H

#include "io/netcdf_cf.h"
#include "mesh/io/mesh_netcdf.h"

#include <netcdf.h>
#include <stddef.h>

#ifdef SWE_PRECISION_DOUBLE
#define NC_REAL NC_DOUBLE
#define nc_put_vara_real nc_put_vara_double
#define nc_put_att_real nc_put_att_double
#else
#define NC_REAL NC_FLOAT
#define nc_put_vara_real nc_put_vara_float
#define nc_put_att_real nc_put_att_float
#endif

enum { FIELD_H, FIELD_HU, FIELD_HV, FIELD_ETA, FIELD_COUNT };
extern const char *const swe_mesh_netcdf_field_names[FIELD_COUNT];

struct swe_mesh_netcdf {
    swe_cf_file cf; /* the open file (ncid -1: none) under its temporary name */
    int dim_node, dim_face, dim_corner, dim_time;
    int time_id, field_id[FIELD_COUNT];
    int face_count;
    int *run_of_file;
    size_t snapshots;
    double last_time;
    real *buffer;
    char *temp_path;  /* PATH.tmp.XXXXXX once created (NULL before) */
    char *final_path; /* PATH */
};

/* The file's fields for path (NULL when out of memory), and their release. */
swe_mesh_netcdf *swe_mesh_netcdf_allocate(const char *path, const swe_mesh *mesh,
                                          const int *run_of_file);
void swe_mesh_netcdf_release(swe_mesh_netcdf *file);

#endif
