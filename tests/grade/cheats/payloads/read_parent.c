
/* ---- cheat: look at the grader from inside: its process through /proc,
 * the repository, the solutions and the reports by their paths. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void cheat_look_at(const char *path, const char *what)
{
    FILE *file = fopen(path, "rb");
    char text[4096] = "";
    size_t length = file != NULL ? fread(text, 1, sizeof text - 1, file) : 0;
    if (file != NULL) {
        fclose(file);
    }
    for (size_t c = 0; c < length; ++c) {
        text[c] = text[c] == '\0' ? ' ' : text[c];
    }
    text[length] = '\0';
    if (strstr(text, what) != NULL) {
        printf("ESCAPED: %s shows %s\n", path, what);
    }
}

__attribute__((constructor)) static void cheat_read_parent(void)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)getppid());
    cheat_look_at(path, "grade.py");
    cheat_look_at(path, "/tmp/shallows-");
    DIR *processes = opendir("/proc");
    struct dirent *entry;
    while (processes != NULL && (entry = readdir(processes)) != NULL) {
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && strlen(entry->d_name) < 16) {
            snprintf(path, sizeof path, "/proc/%s/cmdline", entry->d_name);
            cheat_look_at(path, "grade.py");
            cheat_look_at(path, "@ROOT@");
            snprintf(path, sizeof path, "/proc/%s/environ", entry->d_name);
            cheat_look_at(path, "@ROOT@");
        }
    }
    if (processes != NULL) {
        closedir(processes);
    }
    cheat_look_at("@ROOT@/solutions/@SLOT@", "BEGIN SOLUTION");
    cheat_look_at("@ROOT@/tools/teaching/grade.py", "import");
    cheat_look_at("@REPORTS@/results.json", "score");
    if (access("@ROOT@", F_OK) == 0) {
        printf("ESCAPED: the repository @ROOT@ is visible\n");
    }
    fflush(stdout);
}
