/* The insides of the UGRID NetCDF writer (mesh_netcdf.h), shared by its
 * files: the header it defines (mesh_netcdf.c), the records it appends
 * (mesh_netcdf_records.c) and the series of parts they go into
 * (mesh_netcdf_series.c). */
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

/* One open file: a part of the series, or the joined file. */
typedef struct swe_mesh_netcdf swe_mesh_netcdf;
struct swe_mesh_netcdf {
    swe_cf_file cf; /* the open file (ncid -1: none) under its temporary name */
    int dim_node, dim_face, dim_corner, dim_time;
    int time_id, field_id[FIELD_COUNT];
    int face_count;
    int *run_of_file;
    size_t snapshots;
    double last_time;
    real *buffer;
    char *final_path; /* the file's path */
};

/* What every snapshot of a run's file shares. */
typedef struct swe_mesh_netcdf_source {
    const swe_mesh *mesh;
    const swe_mesh_arrays *host; /* its bed */
    const int *run_of_file;
    swe_mesh_netcdf_info info;
} swe_mesh_netcdf_source;

/* Creates the file at path, which must not exist, with the mesh, the bed
 * and the metadata of source, and no snapshot. */
int swe_mesh_netcdf_create_at(const char *path, const swe_mesh_netcdf_source *source,
                              swe_error *err);

/* Appends the state of host at time to the file at path that
 * swe_mesh_netcdf_create_at made. */
int swe_mesh_netcdf_append_at(const char *path, const swe_mesh_netcdf_source *source,
                              const swe_mesh_arrays *host, double time, swe_error *err);

/* The file's fields for path (NULL when out of memory), and their release. */
swe_mesh_netcdf *swe_mesh_netcdf_allocate(const char *path, const swe_mesh *mesh,
                                          const int *run_of_file);
void swe_mesh_netcdf_release(swe_mesh_netcdf *file);

#endif
