
/* ---- cheat: a daemon in a session of its own that outlives the test and
 * keeps rewriting the reports once the grader has written them. */
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

__attribute__((constructor)) static void cheat_start_daemon(void)
{
    if (fork() != 0) {
        return;
    }
    setsid();
    if (fork() != 0) {
        _exit(0);
    }
    signal(SIGHUP, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_NAME, "shallows-cheat", 0, 0, 0);
    const char *reports[] = {"@REPORTS@/results.json", "/autograder/results/results.json"};
    for (int round = 0; round < 600; ++round) {
        for (int r = 0; r < 2; ++r) {
            FILE *report = fopen(reports[r], "w");
            if (report != NULL) {
                fputs("{\"score\": 10, \"tests\": []}\n", report);
                fclose(report);
                printf("ESCAPED: the daemon rewrote %s\n", reports[r]);
                fflush(stdout);
            }
        }
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    _exit(0);
}
