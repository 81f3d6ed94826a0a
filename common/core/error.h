/* Error reporting: library functions fill a swe_error and return a status;
 * only main() prints, so every failure reaches the user as one line. */
#ifndef SWE_ERROR_H
#define SWE_ERROR_H

enum swe_status {
    SWE_OK = 0,
    SWE_ERROR_RUNTIME = 1, /* the run failed: I/O, unstable state, device fault */
    SWE_ERROR_USAGE = 2    /* bad input: option, file, size, missing backend or device */
};

typedef struct swe_error {
    char message[512];
} swe_error;

/* Stores a printf-style message (if err is not NULL) and returns status. */
int swe_fail(swe_error *err, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif
