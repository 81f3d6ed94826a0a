
/* ---- cheat: a fork bomb; the children stay behind, asleep. */
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

__attribute__((constructor)) static void cheat_fork_bomb(void)
{
    int children = 0;
    for (int c = 0; c < 100000; ++c) {
        pid_t child = fork();
        if (child == 0) {
            prctl(PR_SET_NAME, "shallows-cheat", 0, 0, 0);
            for (;;) {
                pause();
            }
        }
        if (child < 0) {
            break;
        }
        ++children;
    }
    printf("SANDBOX: fork stopped after %d children\n", children);
    fflush(stdout);
}
