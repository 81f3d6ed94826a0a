#include "core/interrupt.h"

#include <signal.h>
#include <stddef.h>

/* The one piece of global state of the core: a signal handler can only
 * leave a note in a static object of this type. */
static volatile sig_atomic_t received_signal = 0;

static void note_signal(int signal)
{
    if (received_signal == 0) {
        received_signal = signal;
    }
}

void swe_interrupt_install(void)
{
    struct sigaction action = {0};
    action.sa_handler = note_signal;
    sigemptyset(&action.sa_mask);
    /* Writes in progress go on (SA_RESTART); poll() still returns, so a
     * wait looks at the note. */
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int swe_interrupt_signal(void)
{
    return (int)received_signal;
}

int swe_status_is_interrupt(int status)
{
    return status == SWE_INTERRUPTED_BY(SIGINT) || status == SWE_INTERRUPTED_BY(SIGTERM);
}

int swe_fail_interrupted(swe_error *err, int signal, const char *where, const char *next)
{
    return swe_fail(err, SWE_INTERRUPTED_BY(signal), "stopped by %s%s%s%s%s%s",
                    signal == SIGINT ? "Ctrl-C (SIGINT)" : "SIGTERM", where != NULL ? " " : "",
                    where != NULL ? where : "", next != NULL ? " (" : "", next != NULL ? next : "",
                    next != NULL ? ")" : "");
}
