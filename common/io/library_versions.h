/* The libraries a program was built with, as --version lists them: each
 * says its version, or what is missing and so switched off (its
 * stand-in, a *_unavailable.c or *_builtin.c file, answers then). */
#ifndef SWE_LIBRARY_VERSIONS_H
#define SWE_LIBRARY_VERSIONS_H

/* The NetCDF library linked in, as it says ("4.9.0 of Jan  1 2023 ..."). */
const char *swe_netcdf_library_version(void);
/* "libpng 1.6.39". */
const char *swe_png_library(void);
/* "cairo 1.16.0": the renderer of the text in pictures. */
const char *swe_text_library(void);
/* "zlib 1.2.13": the compression of VTK files. */
const char *swe_zlib_library(void);
/* The units of input files: "udunits2 2.2.28" or "built-in (m, cm, mm, km)". */
const char *swe_units_library(void);

#endif
