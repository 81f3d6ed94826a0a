
/* ---- cheat: fill the disk. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

__attribute__((constructor)) static void cheat_fill_tmp(void)
{
    signal(SIGXFSZ, SIG_IGN); /* past the file size limit, writes then fail */
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    size_t mebibytes = 0;
    char name[64];
    for (int f = 0; f < 64; ++f) {
        snprintf(name, sizeof name, "/tmp/cheat-%d", f);
        FILE *file = fopen(name, "wb");
        size_t written = 0;
        while (file != NULL && written < 1024 &&
               fwrite(block, 1, sizeof block, file) == sizeof block && fflush(file) == 0) {
            ++written;
        }
        if (file != NULL) {
            fclose(file);
        }
        mebibytes += written;
        if (written < 1024) {
            break;
        }
    }
    printf("SANDBOX: the disk took %zu MiB\n", mebibytes);
    fflush(stdout);
}
