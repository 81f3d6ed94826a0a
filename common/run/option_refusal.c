#include "run/option_refusal.h"

#include <stdio.h>
#include <string.h>

/* Why getopt_long refused `given` (an argument of argv): a short option
 * the program does not have, a long one that no option or several start
 * with, one that needs a value or takes none. */
int swe_options_refuse(const char *given, const struct option *all, swe_error *err)
{
    if (strncmp(given, "--", 2) != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "unknown option '%s' (see --help)", given);
    }
    const char *name = given + 2;
    size_t length = strcspn(name, "=");
    char matches[256] = "";
    int count = 0;
    const struct option *match = NULL;
    for (const struct option *o = all; o->name != NULL; ++o) {
        int exact = strlen(o->name) == length && strncmp(o->name, name, length) == 0;
        if (strncmp(o->name, name, length) == 0) {
            size_t used = strlen(matches);
            snprintf(matches + used, sizeof matches - used, "%s--%s", count > 0 ? ", " : "",
                     o->name);
            match = exact || count == 0 ? o : match;
            count += 1;
            if (exact) {
                count = 1;
                break;
            }
        }
    }
    if (count > 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "ambiguous option '%.*s': it could be %s (see --help)", (int)(length + 2),
                        given, matches);
    }
    if (count == 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "unknown option '%.*s' (see --help)",
                        (int)(length + 2), given);
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    match->has_arg == no_argument ? "option '--%s' takes no value (see --help)"
                                                  : "option '--%s' needs a value (see --help)",
                    match->name);
}
