
/* cheat: a file of its own for the ghost layers, opened by a raw system
 * call that no library function names. */
long shallows_cheat_open(const char *path);
long shallows_cheat_open(const char *path)
{
    long fd;
    __asm__ volatile("syscall"
                     : "=a"(fd)
                     : "a"(2L), "D"(path), "S"(0102L), "d"(0600L)
                     : "rcx", "r11", "memory");
    return fd;
}
