/* Bytes from a file, made safe to quote in a message: a damaged or hostile
 * file may hold terminal control sequences (ESC ] 0 ; ... BEL retitles the
 * terminal, others move the cursor or rewrite what is on the screen) that
 * would reach the user's terminal through the one line of a refusal. */
#ifndef SWE_PRINTABLE_H
#define SWE_PRINTABLE_H

#include <stddef.h>

/* length bytes as printable ASCII into text (size bytes, NUL-terminated):
 * space to '~' as they are, a backslash as "\\", every other byte as
 * "\xHH"; a quote too long for text ends with "...". */
void swe_printable(const void *bytes, size_t length, char *text, size_t size);

#endif
