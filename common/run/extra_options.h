/* The options that the core does not know: those each backend and the
 * program declare for themselves (swe_backend_option). The parser accepts
 * them all, then hands each value to the one that declared it, or refuses
 * an option of a backend that was not chosen. */
#ifndef SWE_EXTRA_OPTIONS_H
#define SWE_EXTRA_OPTIONS_H

#include "cartesian/grid/backend.h"

/* The options a program declares for itself, as a backend does
 * (shallows-mpi: --overlap); none for shallows. */
typedef struct swe_program_options {
    const char *program; /* "shallows-mpi", for --help and messages */
    const swe_backend_option *options;
    int count;
} swe_program_options;

/* Most distinct extra options over the program and all backends. */
enum { SWE_MAX_EXTRA_OPTIONS = 24 };

typedef struct swe_extra_options {
    const swe_program_options *program; /* NULL: none */
    int count;
    const swe_backend_option *known[SWE_MAX_EXTRA_OPTIONS]; /* first declaration of each name */
    const char *given[SWE_MAX_EXTRA_OPTIONS];               /* value; "" for a flag; NULL */
} swe_extra_options;

/* Collects the options of program (NULL: none) and of every registered
 * backend. core_names (NULL-terminated) are the core's option names, which
 * no backend may declare; two declarations of one name must agree on
 * taking a value. SWE_ERROR_USAGE names a breach. */
int swe_extra_options_collect(swe_extra_options *extras, const swe_program_options *program,
                              const char *const *core_names, swe_error *err);

/* The first action option given (--list-devices), or NULL. */
const char *swe_extra_options_action(const swe_extra_options *extras);

/* Puts each value given into program_values or backend_values (backend:
 * the chosen one) by its slot; refuses one that neither declares, naming
 * the backends that do. */
int swe_extra_options_resolve(const swe_extra_options *extras, const swe_backend *backend,
                              const char *program_values[SWE_BACKEND_MAX_OPTIONS],
                              const char *backend_values[SWE_BACKEND_MAX_OPTIONS], swe_error *err);

/* --help: the program's options, then each backend's, under their names. */
void swe_extra_options_print_help(const swe_program_options *program);

#endif
