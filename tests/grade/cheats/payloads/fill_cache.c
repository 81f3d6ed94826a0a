
/* ---- cheat: fill the compilers' cache (/cache) past 1000 MiB, and leave a
 * folder of mode 000 in it with a file inside, which a non-root clean-up
 * that does not change modes cannot remove. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

__attribute__((constructor)) static void cheat_fill_cache(void)
{
    signal(SIGXFSZ, SIG_IGN);
    if (mkdir("/cache/locked", 0700) == 0) {
        int fd = open("/cache/locked/kept", O_WRONLY | O_CREAT, 0600);
        if (fd >= 0) {
            close(fd);
        }
        chmod("/cache/locked", 0);
    }
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    size_t mebibytes = 0;
    char name[64];
    for (int f = 0; f < 8 && mebibytes < 1000; ++f) {
        snprintf(name, sizeof name, "/cache/cheat-%d", f);
        FILE *file = fopen(name, "wb");
        size_t written = 0;
        while (file != NULL && written < 250 &&
               fwrite(block, 1, sizeof block, file) == sizeof block && fflush(file) == 0) {
            ++written;
        }
        if (file != NULL) {
            fclose(file);
        }
        mebibytes += written;
        if (written < 250) {
            break;
        }
    }
    if (mebibytes > 256) {
        printf("ESCAPED: /cache took %zu MiB\n", mebibytes);
    }
    fflush(stdout);
}
