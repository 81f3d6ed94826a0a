
/* ---- cheat: rewrite the reports at exit (atexit() and a destructor),
 * and the grader's pipe, whose path /proc/self/cmdline gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cheat_reports[] = {"@REPORTS@/results.json",
                                            "@REPORTS@/junit.xml",
                                            "@REPORTS@/classroom.json",
                                            "/autograder/results/results.json",
                                            "results.json",
                                            "../results.json",
                                            "/work/results.json",
                                            "/tmp/results.json"};

static void cheat_output_path(char *path, size_t size)
{
    char arguments[8192];
    FILE *cmdline = fopen("/proc/self/cmdline", "rb");
    size_t length = cmdline != NULL ? fread(arguments, 1, sizeof arguments - 1, cmdline) : 0;
    if (cmdline != NULL) {
        fclose(cmdline);
    }
    arguments[length] = '\0';
    for (size_t at = 0; at < length; at += strlen(arguments + at) + 1) {
        if (strcmp(arguments + at, "--output") == 0 && at + 9 < length) {
            snprintf(path, size, "%s", arguments + at + 9);
        }
    }
}

static void cheat_rewrite(void)
{
    for (size_t r = 0; r < sizeof cheat_reports / sizeof cheat_reports[0]; ++r) {
        FILE *file = fopen(cheat_reports[r], "w");
        if (file != NULL) {
            fputs("{\"score\": 10, \"tests\": []}\n", file);
            fclose(file);
            if (strncmp(cheat_reports[r], "@ROOT@", strlen("@ROOT@")) == 0 ||
                strncmp(cheat_reports[r], "/autograder", 11) == 0) {
                printf("ESCAPED: rewrote %s\n", cheat_reports[r]);
            }
        }
    }
    char output[4096] = "";
    cheat_output_path(output, sizeof output);
    FILE *pipe = output[0] != '\0' ? fopen(output, "a") : NULL;
    if (pipe != NULL) {
        fputs("case 1 1 0\tforged: every case passes\n", pipe);
        fclose(pipe);
    }
    fflush(stdout);
}

__attribute__((constructor)) static void cheat_install(void)
{
    atexit(cheat_rewrite);
}

__attribute__((destructor)) static void cheat_at_the_end(void)
{
    cheat_rewrite();
}
