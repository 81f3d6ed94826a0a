#include "core/printable.h"

#include <stdio.h>
#include <string.h>

/* A byte as it is quoted: itself, "\\" or "\xHH". */
static size_t quote(unsigned char byte, char piece[5])
{
    if (byte == '\\') {
        memcpy(piece, "\\\\", 3);
    } else if (byte >= ' ' && byte <= '~') {
        piece[0] = (char)byte;
        piece[1] = '\0';
    } else {
        snprintf(piece, 5, "\\x%02x", byte);
    }
    return strlen(piece);
}

void swe_printable(const void *bytes, size_t length, char *text, size_t size)
{
    if (text == NULL || size == 0) {
        return;
    }
    text[0] = '\0';
    if (bytes == NULL) {
        return;
    }
    const unsigned char *in = bytes;
    char piece[5];
    size_t total = 0;
    for (size_t k = 0; k < length; ++k) {
        total += quote(in[k], piece);
    }
    /* Cut short, the quote keeps room for "..." and the NUL. */
    int cut = total >= size;
    size_t room = cut ? (size > 3 ? size - 3 : 0) : size;
    size_t used = 0;
    for (size_t k = 0; k < length; ++k) {
        size_t width = quote(in[k], piece);
        if (used + width >= room) {
            break;
        }
        memcpy(text + used, piece, width);
        used += width;
    }
    text[used] = '\0';
    if (cut && size > 3) {
        memcpy(text + used, "...", 4);
    }
}
