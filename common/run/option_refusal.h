/* The one line for an option that getopt_long refused: unknown, ambiguous
 * (a prefix of several options), lacking its value or given one it does
 * not take. */
#ifndef SWE_OPTION_REFUSAL_H
#define SWE_OPTION_REFUSAL_H

#include "core/error.h"

#include <getopt.h>

/* Why getopt_long refused `given` (an argument of argv), all being the
 * options it was given: SWE_ERROR_USAGE with "ambiguous option '--out':
 * it could be --outputs, --output (see --help)" and the like. */
int swe_options_refuse(const char *given, const struct option *all, swe_error *err);

#endif
