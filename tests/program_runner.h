/* Runs the shallows program under test as a child process, as a user
 * would: arguments in, exit code, stdout and stderr out. */
#ifndef SWE_PROGRAM_RUNNER_H
#define SWE_PROGRAM_RUNNER_H

#include <stddef.h>
#include <sys/types.h>

typedef struct swe_program_result {
    int exit_code; /* -1 when killed by a signal */
    char out[8192];
    char err[4096];
} swe_program_result;

/* Runs the program with args (NULL-terminated, at most 40), output files
 * in directory dir, and waits for it. */
void swe_program_run(const char *dir, const char *const *args, swe_program_result *result);

/* The same for any executable: argv[0] is its path, argv is
 * NULL-terminated (at most 41 entries). */
void swe_command_run(const char *dir, const char *const *argv, swe_program_result *result);

/* The checksum that ends the summary line in a program's output, from
 * "mass=" to the end of the line, into checksum; 0 (and "") when there is
 * no summary line or it carries no checksum. */
int swe_summary_checksum(const char *out, char *checksum, size_t size);

/* A figure of the summary line ("steps", "restarted_at_step"): its value,
 * 0 when the line lacks it, -1 without a summary line. */
long swe_summary_figure(const char *out, const char *name);

/* The number of a run's last step: its own steps after those of the run
 * it restarted from; -1 without a summary line. */
long swe_summary_last_step(const char *out);

/* Starts the program with args, stdout and stderr to /dev/null, and
 * returns its process id without waiting (-1 on failure). */
pid_t swe_program_start(const char *const *args);

/* dir/name, in path of size size. */
void swe_path_in(char *path, size_t size, const char *dir, const char *name);

int swe_file_exists(const char *path);

/* Waits up to a minute for path to appear (a run's first checkpoint), lets
 * the run go on for `more` seconds, then sends child `signal` and reaps
 * it; returns its wait status. */
int swe_program_stop_after_file(pid_t child, const char *path, double more, int signal);

/* Reads a whole file into a new allocation (NUL-terminated); NULL when it
 * cannot be read. *size gets its length. */
char *swe_read_file(const char *path, size_t *size);

/* Writes size bytes to path (created or replaced); 0 on success. */
int swe_write_file(const char *path, const void *bytes, size_t size);

/* Makes a changed checkpoint one whose checksum fits, as a forger would:
 * the FNV-1a hash of all but its last 8 bytes into those 8 (the layout of
 * the triangle checkpoints), so that what refuses it is
 * the check of its state, not of its checksum. */
void swe_reseal_checkpoint(unsigned char *bytes, size_t size);

/* Entries of dir whose names contain part (".tmp": temporary files left
 * behind); -1 when dir cannot be read. */
int swe_count_entries_with(const char *dir, const char *part);

/* Makes a fresh directory under $TMPDIR or /tmp from a template name. */
int swe_make_test_directory(char *dir, size_t size, const char *name);

/* Removes every file of dir, then dir. */
int swe_remove_test_directory(const char *dir);

#endif
