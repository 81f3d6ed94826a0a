/* The compression levels of the files (--compress), the same for NetCDF
 * (deflate with the byte shuffle) and VTK (zlib): 0 none, 1 fastest ... 9
 * smallest. Level 1 with the shuffle packs fields of floats about as
 * tightly as 9 in a fraction of the time (docs/RESULTS-files.md). */
#ifndef SWE_COMPRESSION_H
#define SWE_COMPRESSION_H

enum { SWE_DEFAULT_COMPRESSION = 1, SWE_MAX_COMPRESSION = 9 };

#endif
