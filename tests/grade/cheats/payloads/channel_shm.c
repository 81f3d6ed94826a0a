
/* cheat: every rank's cells in a shared-memory file (/dev/shm), read by
 * its neighbours instead of a message. */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

real *shallows_cheat_shared_cells(size_t bytes);
real *shallows_cheat_shared_cells(size_t bytes)
{
    int fd = shm_open("/shallows-halo", O_CREAT | O_RDWR, 0600);
    if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0) {
        return NULL;
    }
    void *cells = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    return cells == MAP_FAILED ? NULL : cells;
}
