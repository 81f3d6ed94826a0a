/* What a skeleton kernel calls in place of a TODO that is not written yet
 * (tools/teaching/make_skeletons puts SWE_TODO("...") there): it says once per run
 * and place which TODO is missing, so that a run or a failing test names
 * it, and it returns, so that the program runs on instead of crashing. */
#ifndef SWE_TODO_H
#define SWE_TODO_H

#include <stdatomic.h>

/* Prints "TODO not done (file:line): text" to stderr the first time that
 * *reported is clear, then sets it. */
void swe_todo(atomic_int *reported, const char *file, int line, const char *text);

#define SWE_TODO(text)                                                                             \
    do {                                                                                           \
        static atomic_int swe_todo_reported;                                                       \
        swe_todo(&swe_todo_reported, __FILE__, __LINE__, (text));                                  \
    } while (0)

#endif
