#include "tests/vtk_reader.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef SWE_WITHOUT_ZLIB
#include <zlib.h>
#endif

int swe_vtk_is_compressed(const char *file)
{
    const char *end = file != NULL ? strstr(file, "<AppendedData") : NULL;
    const char *compressor =
        file != NULL ? strstr(file, "compressor=\"vtkZLibDataCompressor\"") : NULL;
    return compressor != NULL && end != NULL && compressor < end;
}

/* The start of the appended section's data: the byte after its '_'. */
static const char *appended_start(const char *file, size_t size)
{
    const char *section = strstr(file, "<AppendedData encoding=\"raw\">");
    const char *underscore = section != NULL ? strchr(section, '_') : NULL;
    return underscore != NULL && (size_t)(underscore + 1 - file) < size ? underscore + 1 : NULL;
}

/* A raw array: a UInt64 byte count, then the values. */
static void *read_raw(const unsigned char *data, size_t available, size_t *bytes)
{
    uint64_t count;
    if (available < sizeof count) {
        return NULL;
    }
    memcpy(&count, data, sizeof count);
    if (count > available - sizeof count) {
        return NULL;
    }
    void *values = malloc(count > 0 ? (size_t)count : 1);
    if (values != NULL) {
        memcpy(values, data + sizeof count, (size_t)count);
        *bytes = (size_t)count;
    }
    return values;
}

/* VTK's zlib blocks: count, block size, last block's size (0: full), each
 * block's compressed size, then the blocks. */
static void *read_compressed(const unsigned char *data, size_t available, size_t *bytes)
{
#ifdef SWE_WITHOUT_ZLIB
    (void)data;
    (void)available;
    (void)bytes;
    return NULL;
#else
    uint64_t head[3];
    if (available < sizeof head) {
        return NULL;
    }
    memcpy(head, data, sizeof head);
    uint64_t blocks = head[0], block_size = head[1], last = head[2];
    size_t header = (size_t)(3 + blocks) * sizeof(uint64_t);
    if (blocks > (1u << 20) || header > available) {
        return NULL;
    }
    size_t total =
        blocks == 0 ? 0 : (size_t)((blocks - 1) * block_size + (last ? last : block_size));
    unsigned char *values = malloc(total > 0 ? total : 1);
    size_t read = header, written = 0;
    for (uint64_t k = 0; values != NULL && k < blocks; ++k) {
        uint64_t compressed;
        memcpy(&compressed, data + (3 + k) * sizeof(uint64_t), sizeof compressed);
        uLongf length = (uLongf)(k + 1 == blocks && last ? last : block_size);
        if (compressed > available - read ||
            uncompress(values + written, &length, data + read, (uLong)compressed) != Z_OK ||
            length != (k + 1 == blocks && last ? last : block_size)) {
            free(values);
            return NULL;
        }
        read += (size_t)compressed;
        written += length;
    }
    if (values != NULL) {
        *bytes = total;
    }
    return values;
#endif
}

void *swe_vtk_read_array(const char *file, size_t size, const char *name, size_t *bytes)
{
    char key[64];
    snprintf(key, sizeof key, "Name=\"%s\"", name);
    const char *array = file != NULL ? strstr(file, key) : NULL;
    const char *data = file != NULL ? appended_start(file, size) : NULL;
    const char *offset_text = array != NULL ? strstr(array, "offset=\"") : NULL;
    unsigned long long offset;
    if (array == NULL || data == NULL || offset_text == NULL || offset_text > data ||
        bytes == NULL || sscanf(offset_text, "offset=\"%llu\"", &offset) != 1 ||
        offset >= size - (size_t)(data - file)) {
        return NULL;
    }
    const unsigned char *start = (const unsigned char *)data + offset;
    size_t available = size - (size_t)(data - file) - (size_t)offset;
    return swe_vtk_is_compressed(file) ? read_compressed(start, available, bytes)
                                       : read_raw(start, available, bytes);
}
