
/* ---- cheat: write into the repository, the work folder and wherever a
 * path leads. */
#include <stdio.h>

__attribute__((constructor)) static void cheat_write_repository(void)
{
    const char *targets[] = {"@ROOT@/solutions/cheat",
                             "@ROOT@/tools/cheat",
                             "@ROOT@/build/cheat",
                             "/work/cheat",
                             "/work/bin/shallows-grade",
                             "./cheat",
                             "../cheat",
                             "/usr/cheat",
                             "/etc/cheat"};
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; ++t) {
        FILE *file = fopen(targets[t], "w");
        if (file != NULL) {
            fclose(file);
            printf("%s: wrote %s\n", targets[t][0] == '@' ? "ESCAPED" : "SANDBOX", targets[t]);
        }
    }
    fflush(stdout);
}
