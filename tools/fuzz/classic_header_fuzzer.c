/* libFuzzer target: the classic NetCDF header judge (io/classic_header.c),
 * the one parser of untrusted bytes that is shallows' own code. It must
 * never read outside its input, whatever the bytes; the file size it is
 * told is the input's or larger (a header in the first part of a file). */
#include "io/classic_header.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char problem[256];
    double file_size = (double)size + (size > 0 ? (double)(data[0] % 4) * 1.0e6 : 0.0);
    swe_classic_judge(data, size, file_size, problem, sizeof problem);
    return 0;
}
