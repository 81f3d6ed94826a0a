/* The header of a classic-format NetCDF file (CDF-1, CDF-2 and CDF-5, the
 * formats of libnetcdf-3), read by this code alone, to check that the
 * file holds every byte its header declares. libnetcdf reads the missing
 * part of a truncated classic file as zeros, so a bathymetry cut short
 * would silently become 0 m of bed; this check refuses it instead.
 * NetCDF-4 files (HDF5) carry their own end-of-file check. */
#ifndef SWE_CLASSIC_HEADER_H
#define SWE_CLASSIC_HEADER_H

#include <stddef.h>

enum swe_classic_verdict {
    SWE_CLASSIC_COMPLETE = 0,   /* a classic file that holds all its data */
    SWE_CLASSIC_NOT_CLASSIC,    /* another format: not judged here */
    SWE_CLASSIC_TRUNCATED,      /* its data runs past the end of the file */
    SWE_CLASSIC_DAMAGED_HEADER, /* the header contradicts itself or its size */
};

/* Judges the first `size` bytes of a file of file_size bytes (size <=
 * file_size: a long file's header lies in its first part); a header that
 * runs past `size` counts as damaged. problem (of problem_size > 0 bytes)
 * receives one phrase for a message ("is truncated: variable 'b' needs
 * 720 bytes, the file has 300"). Never reads outside data[0, size). */
enum swe_classic_verdict swe_classic_judge(const unsigned char *data, size_t size, double file_size,
                                           char *problem, size_t problem_size);

#endif
