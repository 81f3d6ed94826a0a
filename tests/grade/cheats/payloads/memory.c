
/* ---- cheat: take all the memory there is. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void cheat_memory(void)
{
    size_t mebibytes = 0;
    while (mebibytes < (1u << 20) && malloc((size_t)256 << 20) != NULL) {
        mebibytes += 256;
    }
    printf("SANDBOX: memory stopped after %zu MiB\n", mebibytes);
    fflush(stdout);
}
