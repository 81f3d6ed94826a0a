/* The formats a run writes (--format netcdf,vtk,png), the same in every
 * application; each writes its own kind of grid in them. */
#ifndef SWE_FORMATS_H
#define SWE_FORMATS_H

/* Output formats, combined with |. */
enum swe_format {
    SWE_FORMAT_NETCDF = 1 << 0, /* PATH.nc (CF; UGRID for a mesh) */
    SWE_FORMAT_VTK = 1 << 1,    /* PATH_NNNN.vt? per snapshot and PATH.pvd */
    SWE_FORMAT_PNG = 1 << 2     /* PATH_NNNN.png per snapshot */
};

#endif
