/* Reports the TODOs that a skeleton kernel reaches (see todo.h). */
#include "core/todo.h"

#include <stdio.h>

void swe_todo(atomic_int *reported, const char *file, int line, const char *text)
{
    if (reported == NULL || file == NULL || text == NULL) {
        fprintf(stderr, "TODO not done (unknown place)\n");
        return;
    }
    if (atomic_exchange(reported, 1) == 0) {
        fprintf(stderr, "TODO not done (%s:%d): %s\n", file, line, text);
    }
}
