#include "vtk_reader.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int base64_value(char c)
{
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *found = c != '\0' ? strchr(alphabet, c) : NULL;
    return found != NULL ? (int)(found - alphabet) : -1;
}

/* Decodes base64 text up to the next '<' into out (when not NULL);
 * returns the number of bytes it holds. */
static size_t base64_decode(const char *text, unsigned char *out)
{
    size_t length = 0;
    unsigned group = 0;
    int bits = 0;
    for (; *text != '<' && *text != '\0'; ++text) {
        int value = base64_value(*text);
        if (value < 0) {
            continue; /* whitespace and padding */
        }
        group = group << 6 | (unsigned)value;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (out != NULL) {
                out[length] = (unsigned char)(group >> bits);
            }
            ++length;
        }
    }
    return length;
}

void *swe_vtk_read_array(const char *xml, const char *name, size_t *bytes)
{
    char key[64];
    snprintf(key, sizeof key, "Name=\"%s\" format=\"binary\">", name);
    const char *start = xml != NULL ? strstr(xml, key) : NULL;
    if (start == NULL || bytes == NULL) {
        return NULL;
    }
    start += strlen(key);
    size_t length = base64_decode(start, NULL);
    uint64_t header;
    unsigned char *decoded = length >= sizeof header ? malloc(length) : NULL;
    if (decoded == NULL) {
        return NULL;
    }
    base64_decode(start, decoded);
    memcpy(&header, decoded, sizeof header);
    if (header != length - sizeof header) {
        free(decoded);
        return NULL;
    }
    memmove(decoded, decoded + sizeof header, (size_t)header);
    *bytes = (size_t)header;
    return decoded;
}

const char *swe_vtk_read_extent(const char *from, const char *attribute, swe_vtk_extent *extent)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", attribute);
    const char *start = from != NULL ? strstr(from, key) : NULL;
    int k0 = -1, k1 = -1, consumed = 0;
    if (start == NULL ||
        sscanf(start + strlen(key), "%d %d %d %d %d %d\"%n", &extent->i_begin, &extent->i_end,
               &extent->j_begin, &extent->j_end, &k0, &k1, &consumed) != 6 ||
        k0 != 0 || k1 != 0 || consumed == 0) {
        return NULL;
    }
    return start + strlen(key) + consumed;
}
