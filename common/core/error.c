#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>

int swe_fail(swe_error *err, int status, const char *format, ...)
{
    if (err != NULL && format != NULL) {
        va_list args;
        va_start(args, format);
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return status;
}
