#include "ns/grid/ns_slab_transpose.h"

#include <stdlib.h>
#include <string.h>

void ns_slab_rows(int rows, int slabs, int s, int *first, int *count)
{
    int base = rows / slabs, extra = rows % slabs;
    *count = base + (s < extra ? 1 : 0);
    *first = s * base + (s < extra ? s : extra);
}

int ns_slab_transpose_create(ns_slab_transpose *transpose, const int *planes, int slabs, int self,
                             int rows, size_t row_bytes, swe_error *err)
{
    if (transpose == NULL || planes == NULL || slabs < 1 || self < 0 || self >= slabs || rows < 1 ||
        row_bytes == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "ns_slab_transpose_create: bad layout (%d slabs, slab %d, %d rows of %zu "
                        "bytes)",
                        slabs, self, rows, row_bytes);
    }
    memset(transpose, 0, sizeof *transpose);
    for (int s = 0; s < slabs; ++s) {
        if (planes[s] < 1) {
            return swe_fail(err, SWE_ERROR_USAGE, "ns_slab_transpose_create: slab %d has %d planes",
                            s, planes[s]);
        }
    }
    size_t *arrays = calloc(4 * (size_t)slabs, sizeof(size_t));
    if (arrays == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the slabs' transpose");
    }
    transpose->send_counts = arrays;
    transpose->send_offsets = arrays + slabs;
    transpose->receive_counts = arrays + 2 * (size_t)slabs;
    transpose->receive_offsets = arrays + 3 * (size_t)slabs;
    transpose->slabs = slabs;
    transpose->self = self;
    transpose->planes = planes[self];
    transpose->rows = rows;
    transpose->row_bytes = row_bytes;
    ns_slab_rows(rows, slabs, self, &transpose->first_row, &transpose->own_rows);
    size_t plane_offset = 0; /* the z index of slab r's first plane */
    for (int r = 0; r < slabs; ++r) {
        int first = 0, count = 0;
        ns_slab_rows(rows, slabs, r, &first, &count);
        transpose->send_counts[r] = (size_t)planes[self] * (size_t)count * row_bytes;
        transpose->send_offsets[r] = (size_t)planes[self] * (size_t)first * row_bytes;
        transpose->receive_counts[r] = (size_t)planes[r] * (size_t)transpose->own_rows * row_bytes;
        transpose->receive_offsets[r] = plane_offset * (size_t)transpose->own_rows * row_bytes;
        plane_offset += (size_t)planes[r];
    }
    transpose->nz = (int)plane_offset;
    transpose->slab_bytes = (size_t)planes[self] * (size_t)rows * row_bytes;
    transpose->column_bytes = plane_offset * (size_t)transpose->own_rows * row_bytes;
    return SWE_OK;
}

void ns_slab_transpose_destroy(ns_slab_transpose *transpose)
{
    if (transpose == NULL) {
        return;
    }
    free(transpose->send_counts);
    memset(transpose, 0, sizeof *transpose);
}

ns_copy_2d ns_slab_transpose_pack(const ns_slab_transpose *transpose, int r)
{
    ns_copy_2d copy = {0};
    if (transpose == NULL || r < 0 || r >= transpose->slabs) {
        return copy; /* nothing to copy */
    }
    int first = 0, count = 0;
    ns_slab_rows(transpose->rows, transpose->slabs, r, &first, &count);
    copy = (ns_copy_2d){.source_offset = (size_t)first * transpose->row_bytes,
                        .source_pitch = (size_t)transpose->rows * transpose->row_bytes,
                        .target_offset = transpose->send_offsets[r],
                        .target_pitch = (size_t)count * transpose->row_bytes,
                        .width = (size_t)count * transpose->row_bytes,
                        .height = (size_t)transpose->planes};
    return copy;
}
