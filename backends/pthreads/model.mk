# The C threads model: POSIX threads, wherever the compiler takes -pthread
# (GCC with glibc: always on Debian).
PTHREADS_FLAGS ?= -pthread
HAVE_PTHREADS ?= $(shell echo 'int main(void){return pthread_self() == 0;}' | \
    $(CC) $(PTHREADS_FLAGS) -include pthread.h -x c - -o /dev/null 2>/dev/null && echo yes)
ifeq ($(HAVE_PTHREADS),yes)
MODELS += pthreads
CPPFLAGS += -DSWE_WITH_PTHREADS
CFLAGS += $(PTHREADS_FLAGS)
LDFLAGS += $(PTHREADS_FLAGS)
else
$(info pthreads: the compiler does not take $(PTHREADS_FLAGS) with <pthread.h>; the C threads model is left out (install libc6-dev))
endif
