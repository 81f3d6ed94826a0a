/* The arrays of every VTK piece, in the order they are written, shared by
 * the piece writer (vtk_piece.c) and the .pvtr that lists them
 * (vtk_output.c). */
#ifndef SWE_VTK_ARRAYS_H
#define SWE_VTK_ARRAYS_H

/* For viewing: depth, bed, surface and the velocity vector; the
 * momenta hu, hv (the conserved state) are in the NetCDF file, and would
 * repeat the velocity here at the cost of a third of the file. */
enum swe_vtk_array {
    SWE_VTK_H,
    SWE_VTK_B,
    SWE_VTK_ETA,
    SWE_VTK_VELOCITY,
    SWE_VTK_X, /* the coordinates, from here on */
    SWE_VTK_Y,
    SWE_VTK_Z,
    SWE_VTK_ARRAY_COUNT,
    SWE_VTK_FIRST_COORDINATE = SWE_VTK_X
};

typedef struct swe_vtk_array_kind {
    const char *name;
    const char *type; /* "Float32" or "Float64" */
    int components;
} swe_vtk_array_kind;

extern const swe_vtk_array_kind swe_vtk_arrays[SWE_VTK_ARRAY_COUNT];

#endif
