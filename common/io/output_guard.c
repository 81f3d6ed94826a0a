#include "io/output_guard.h"

#include "io/atomic_file.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char output_fix[] = "choose another --output";

/* Skips digits; NULL when there are fewer than `least`. */
static const char *skip_digits(const char *text, int least)
{
    int count = 0;
    while (isdigit((unsigned char)text[count])) {
        ++count;
    }
    return count >= least ? text + count : NULL;
}

/* The names every application's runs write under STEM, one list: the
 * files of the whole run (a name that begins another, .checkpoint of
 * .checkpoint.nc, after it), and those of each snapshot, STEM_NNNN + a
 * suffix, with STEM_NNNN_pRRRR for the pieces of an MPI run. */
static const char *const run_suffixes[] = {".checkpoint.nc", ".checkpoint", ".nc",       ".xmf2",
                                           ".pvd",           ".lock",       "_gauges.nc"};
static const char *const snapshot_suffixes[] = {".vtr", ".vtu", ".vti", ".png", ".pvtr", ".pvtu"};
static const char *const piece_suffixes[] = {".vtr", ".vtu"};

/* The rest of text after one of suffixes[count], or NULL. */
static const char *after_suffix(const char *text, const char *const *suffixes, size_t count)
{
    for (size_t k = 0; k < count; ++k) {
        size_t length = strlen(suffixes[k]);
        if (strncmp(text, suffixes[k], length) == 0) {
            return text + length;
        }
    }
    return NULL;
}

#define COUNT(array) (sizeof(array) / sizeof(array)[0])

/* The part of name after what a run writes, or NULL when it is not one. */
static const char *after_output_name(const char *name, const char *base)
{
    size_t length = strlen(base);
    if (strncmp(name, base, length) != 0) {
        return NULL;
    }
    const char *rest = name + length;
    const char *after = after_suffix(rest, run_suffixes, COUNT(run_suffixes));
    if (after != NULL) {
        /* PATH.nc.part-NNNN: a sealed part of the snapshots. */
        return strncmp(after - 3, ".nc", 3) == 0 && strncmp(after, ".part-", 6) == 0
                   ? skip_digits(after + 6, 4)
                   : after;
    }
    const char *digits = rest[0] == '_' ? skip_digits(rest + 1, 4) : NULL;
    if (digits == NULL) {
        return NULL;
    }
    if (strncmp(digits, "_p", 2) == 0) {
        digits = skip_digits(digits + 2, 4);
        return digits != NULL ? after_suffix(digits, piece_suffixes, COUNT(piece_suffixes)) : NULL;
    }
    return after_suffix(digits, snapshot_suffixes, COUNT(snapshot_suffixes));
}

int swe_output_name_matches(const char *name, const char *base, int temporary)
{
    const char *rest = name != NULL && base != NULL ? after_output_name(name, base) : NULL;
    if (rest == NULL) {
        return 0;
    }
    if (!temporary) {
        return rest[0] == '\0';
    }
    /* mkstemp's six letters and digits after ".tmp." */
    if (strncmp(rest, ".tmp.", 5) != 0 || strlen(rest + 5) != 6) {
        return 0;
    }
    for (const char *c = rest + 5; *c != '\0'; ++c) {
        if (!isalnum((unsigned char)*c)) {
            return 0;
        }
    }
    return 1;
}

/* The longest name a run of any program writes beside its stem: a rank's
 * piece of a snapshot (STEM_NNNN_pRRRR.vtu, .vtr) under its temporary
 * name, its counters as wide as an int (%04d grows past 9999). Longer
 * than STEM.checkpoint.nc.tmp.XXXXXX, STEM.nc.part-NNNN.tmp.XXXXXX and
 * STEM_NNNN.pvtu.tmp.XXXXXX. */
static const char longest_suffix[] = "_NNNNNNNNNN_pRRRRRRRRRR.vtu.tmp.XXXXXX";

/* Every name derived from stem fits the file system: its last component
 * NAME_MAX of the folder, the whole path PATH_MAX. Found here, not when
 * the first checkpoint or snapshot cannot be created. */
static int check_length(const char *stem, const char *folder, const char *base, swe_error *err)
{
    const long suffix = (long)strlen(longest_suffix);
    long name_max = pathconf(folder, _PC_NAME_MAX);
    if (name_max <= 0) {
        name_max = NAME_MAX;
    }
    if ((long)strlen(base) > name_max - suffix) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--output is too long: its name has %zu characters, and the names a run "
                        "writes beside it (such as NAME.checkpoint.nc.tmp.XXXXXX) need it to "
                        "have at most %ld in this file system (choose a shorter --output)",
                        strlen(base), name_max - suffix);
    }
    if ((long)strlen(stem) > PATH_MAX - 1 - suffix) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--output is too long: it has %zu characters, and the paths a run "
                        "writes beside it need it to have at most %ld (choose a shorter "
                        "--output)",
                        strlen(stem), PATH_MAX - 1 - suffix);
    }
    return SWE_OK;
}

/* The folder and base name of stem, split in place; NULL folder: ".". */
static int split_stem(const char *stem, char **folder, const char **base, swe_error *err)
{
    *folder = swe_path_join(stem, "");
    if (*folder == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    char *slash = strrchr(*folder, '/');
    if (slash != NULL && slash[1] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--output '%s' names a folder (give a file stem in it, such as '%srun')",
                        stem, stem);
    }
    if (slash == NULL) {
        *base = stem;
        strcpy(*folder, ".");
    } else {
        *base = stem + (slash - *folder) + 1;
        slash[slash == *folder ? 1 : 0] = '\0';
    }
    struct stat info;
    if (stat(*folder, &info) != 0 || !S_ISDIR(info.st_mode)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the folder '%s' of --output '%s' does not exist (create it, or %s)",
                        *folder, stem, output_fix);
    }
    if (access(*folder, W_OK | X_OK) != 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the folder '%s' of --output '%s' is not writable (%s)", *folder, stem,
                        output_fix);
    }
    return check_length(stem, *folder, *base, err);
}

/* Every entry of the folder with one of the run's names: anything but a
 * regular file or a link in the way is refused; stale temporary files
 * (sweep nonzero, under the lock) removed. */
static int scan_folder(const char *folder, const char *base, int sweep, swe_error *err)
{
    DIR *directory = opendir(folder);
    if (directory == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "the folder '%s' cannot be read: %s (%s)", folder,
                        strerror(errno), output_fix);
    }
    int status = SWE_OK;
    struct dirent *entry;
    while (status == SWE_OK && (entry = readdir(directory)) != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s%s%s", strcmp(folder, ".") != 0 ? folder : "",
                 strcmp(folder, ".") != 0 ? "/" : "", entry->d_name);
        struct stat info;
        if (swe_output_name_matches(entry->d_name, base, 0) && lstat(path, &info) == 0 &&
            !S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode)) {
            status = swe_fail(err, SWE_ERROR_USAGE,
                              "'%s' is %s in the way of a file this run writes (move it away, or "
                              "%s)",
                              path, S_ISDIR(info.st_mode) ? "a directory" : "no regular file",
                              output_fix);
        } else if (sweep && swe_output_name_matches(entry->d_name, base, 1)) {
            unlink(path); /* a link is removed, never followed */
        }
    }
    closedir(directory);
    return status;
}

/* The lock file, opened without following a link and locked; the path
 * must still name the locked file (another run may have removed it). */
static int take_lock(swe_output_guard *guard, const char *stem, swe_error *err)
{
    for (int attempt = 0; attempt < 10; ++attempt) {
        int fd = open(guard->lock_path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            return swe_fail(err, SWE_ERROR_USAGE, "cannot create the lock '%s': %s (%s)",
                            guard->lock_path, strerror(errno), output_fix);
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int busy = errno == EWOULDBLOCK;
            close(fd);
            return swe_fail(err, SWE_ERROR_USAGE,
                            busy ? "another run is writing --output '%s' (it holds '%s'): wait "
                                   "for it to end, or %s"
                                 : "cannot lock --output '%s' ('%s'), %s",
                            stem, guard->lock_path, output_fix);
        }
        struct stat held, named;
        if (fstat(fd, &held) == 0 && lstat(guard->lock_path, &named) == 0 &&
            held.st_ino == named.st_ino && held.st_dev == named.st_dev) {
            guard->lock_fd = fd;
            return SWE_OK;
        }
        close(fd);
    }
    return swe_fail(err, SWE_ERROR_USAGE, "cannot hold the lock '%s' (%s)", guard->lock_path,
                    output_fix);
}

int swe_output_place_check(const char *stem, swe_error *err)
{
    if (stem == NULL || stem[0] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: which output place to check?");
    }
    char *folder = NULL;
    const char *base = NULL;
    int status = split_stem(stem, &folder, &base, err);
    if (status == SWE_OK) {
        status = scan_folder(folder, base, 0, err);
    }
    free(folder);
    return status;
}

int swe_output_guard_acquire(swe_output_guard *guard, const char *stem, swe_error *err)
{
    if (guard == NULL || stem == NULL || stem[0] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: an output guard needs a stem");
    }
    *guard = (swe_output_guard){.lock_fd = -1, .lock_path = swe_path_join(stem, ".lock")};
    char *folder = NULL;
    const char *base = NULL;
    int status = guard->lock_path != NULL
                     ? split_stem(stem, &folder, &base, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    if (status == SWE_OK) {
        status = scan_folder(folder, base, 0, err);
    }
    if (status == SWE_OK) {
        status = take_lock(guard, stem, err);
    }
    if (status == SWE_OK) {
        status = scan_folder(folder, base, 1, err);
    }
    free(folder);
    if (status != SWE_OK) {
        swe_output_guard_release(guard);
    }
    return status;
}

void swe_output_guard_release(swe_output_guard *guard)
{
    if (guard == NULL) {
        return;
    }
    if (guard->lock_fd >= 0) {
        unlink(guard->lock_path); /* while still holding it */
        close(guard->lock_fd);
        guard->lock_fd = -1;
    }
    free(guard->lock_path);
    guard->lock_path = NULL;
}
