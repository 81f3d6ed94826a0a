
/* ---- cheat: sleep past the time limit. */
#include <time.h>

__attribute__((constructor)) static void cheat_sleep(void)
{
    struct timespec forever = {100000, 0};
    nanosleep(&forever, NULL);
}
