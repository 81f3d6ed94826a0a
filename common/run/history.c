#include "run/history.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

void swe_history_of(int argc, char **argv, char *text, size_t size)
{
    if (text == NULL || size == 0) {
        return;
    }
    time_t now = time(NULL);
    struct tm utc;
    size_t used = 0;
    if (gmtime_r(&now, &utc) != NULL) {
        used = strftime(text, size, "%Y-%m-%dT%H:%M:%SZ:", &utc);
    }
    text[used] = '\0';
    for (int a = 0; argv != NULL && a < argc && argv[a] != NULL && used + 1 < size; ++a) {
        const char *word = argv[a];
        if (a == 0 && strrchr(word, '/') != NULL) {
            word = strrchr(word, '/') + 1;
        }
        int written = snprintf(text + used, size - used, " %s", word);
        used = written < 0 ? size - 1 : used + (size_t)written;
        used = used < size ? used : size - 1;
    }
}
