/* The programming models and their one registry, for every application.
 *
 * A model (serial, OpenMP, CUDA, OpenCL, ...) is registered once: one line
 * of SWE_MODELS below, and its descriptor in its own folder
 * (backends/<model>/<model>_model.c: name, description, the macro its
 * build fragment defines, its agreement with serial, whether it needs a
 * device, its own command-line options). Each application hangs its table
 * of verbs for the model off that entry: a table that begins with a
 * swe_model_table, defined in the model's folder for the application
 * (backends/<model>/<app>/). A program holds the models whose objects its
 * build linked (backends/<model>/model.mk found the toolchain); each
 * application's registry lists its tables by weak reference
 * (SWE_IF_LINKED), so that a model not linked reads as absent, and
 * adding a model touches its own folders and the one line below.
 *
 * The contract is checked: swe_registry_lookup and swe_registry_at hand out
 * only tables that keep their application's contract (the registry's check,
 * which names the first missing verb) and the rules below, so that no
 * caller ever calls through a NULL verb. */
#ifndef SWE_MODELS_H
#define SWE_MODELS_H

#include "core/error.h"

#include <stddef.h>
#include <stdio.h>

/* Every programming model shallows knows, in the order --list-backends
 * shows them. shadow is a test double (tests/backends/shadow/), linked
 * into shallows-tests (and into the programs with `make TEST_MODELS_IN_PROGRAMS=shadow`). */
#define SWE_MODELS(X) X(serial) X(openmp) X(pthreads) X(omptarget) X(cuda) X(opencl) X(shadow)

#define SWE_COUNT_ONE(model) +1
enum { SWE_MODEL_COUNT = 0 SWE_MODELS(SWE_COUNT_ONE) };

/* A reference to a table that a program may not link (its model was not
 * built): it reads as NULL then. */
#define SWE_IF_LINKED __attribute__((weak))

/* Most options one model (or one program) may declare. */
enum { SWE_MODEL_MAX_OPTIONS = 4 };

/* A command-line option that a model declares for itself (--cl-device), or
 * a program (shallows-mpi's --overlap). The command line parses it and
 * hands the text on without knowing what it means. */
typedef struct swe_model_option {
    const char *name;     /* without the dashes: "cl-device" */
    const char *argument; /* the value's name in --help ("P:D"); NULL: a flag */
    const char *help;     /* one line for --help, with the default */
    /* Where the value goes: swe_model_config.option_values[slot] (a flag's
     * value is "" when given); NULL when not given. */
    int slot;
    /* Instead of a value, an action that replaces the run (--list-devices):
     * prints to stream; SWE_ERROR_USAGE when it has nothing to show. It
     * needs no --backend; every model declaring the name runs it. */
    int (*action)(FILE *stream, swe_error *err);
} swe_model_option;

/* How closely a model's results must match serial's: what the agreement
 * suites and make bench (tools/bench/bench_verify.sh) hold it to. */
enum swe_serial_agreement {
    /* The same operations in the same order, so every value bit for bit:
     * CPU models. */
    SWE_AGREES_BIT_FOR_BIT = 0,
    /* A device compiler rounds differently (contracted FMAs, approximate
     * division and square root): to each application's stated tolerance. */
    SWE_AGREES_TO_ROUNDING
};

typedef struct swe_programming_model {
    const char *name;        /* --backend's value: "cuda" */
    const char *description; /* one line for --list-backends */
    const char
        *macro; /* what its build fragment defines when built ("SWE_WITH_CUDA"); NULL: always */
    enum swe_serial_agreement agreement;
    int needs_device; /* 1: runs only where its device is (a GPU, an OpenCL platform) */
    const swe_model_option *options;
    int option_count;
    /* How many devices of the model the node has (GPUs), for placing MPI
     * ranks on them; NULL: a host model. */
    int (*count_devices)(int *count, swe_error *err);
    /* Host memory the device copies to and from at full speed (CUDA's
     * pinned pages), for the halo buffers MPI sends; NULL: malloc and free
     * serve. alloc_staging gives NULL when out of memory. */
    void *(*alloc_staging)(size_t bytes);
    void (*free_staging)(void *buffer);
} swe_programming_model;

/* What a run tells the model it runs on, in every application. */
typedef struct swe_model_config {
    int level; /* teaching level, 1..levels; 0: the table's best */
    /* Which accelerator of the node a device model takes: 0 for a single
     * process; under MPI the rank's index among the ranks of its node. */
    int device;
    /* The values of the model's own options, by their slot; NULL: not given. */
    const char *option_values[SWE_MODEL_MAX_OPTIONS];
} swe_model_config;

/* What every application's table of verbs for a model begins with. */
typedef struct swe_model_table {
    const swe_programming_model *model;
    /* What the application does on the model ("one thread per edge or
     * cell"); NULL: the model's description. */
    const char *description;
    int levels; /* optimisation levels that teach in steps (--level 1..levels); 0: one */
} swe_model_table;

/* An application's tables: tables[k] is its table for the k-th model of
 * SWE_MODELS (NULL where the program did not link it). check: the
 * application's contract (its required verbs), SWE_ERROR_USAGE naming the
 * first one missing. */
typedef struct swe_model_registry {
    const char *application; /* "cartesian", "mesh", "ns": for messages */
    const swe_model_table *const *tables;
    int (*check)(const swe_model_table *table, swe_error *err);
} swe_model_registry;

/* The tables linked into this program (broken ones included, so that a
 * listing can say what is wrong with them). */
int swe_registry_count(const swe_model_registry *registry);
const swe_model_table *swe_registry_linked_at(const swe_model_registry *registry, int index);
/* The index-th linked table when it keeps the contract; NULL otherwise. */
const swe_model_table *swe_registry_at(const swe_model_registry *registry, int index);
/* The table of the model called name: SWE_OK, or SWE_ERROR_USAGE when no
 * such model is linked or its table breaks the contract (named). */
int swe_registry_lookup(const swe_model_registry *registry, const char *name,
                        const swe_model_table **table, swe_error *err);
/* The rules of every table (a model, a name, a description, its options
 * each named in a slot of its own), then the application's contract. */
int swe_registry_check(const swe_model_registry *registry, const swe_model_table *table,
                       swe_error *err);
/* The description --list-backends shows: the table's, else the model's. */
const char *swe_table_description(const swe_model_table *table);
/* "bit-for-bit" or "rounding", as --list-backends prints it. */
const char *swe_serial_agreement_name(enum swe_serial_agreement agreement);

/* --list-backends: one line per linked table, its name after prefix
 * ("mpi+"), its levels, agreement and description, or why it is unusable;
 * bit_for_bit_only leaves out the models that agree to rounding only. */
void swe_registry_print(FILE *stream, const swe_model_registry *registry, const char *prefix,
                        int bit_for_bit_only);

#endif
