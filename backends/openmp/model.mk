# The OpenMP model, wherever the compiler supports OpenMP (GCC with libgomp:
# always on Debian).
OPENMP_FLAGS ?= -fopenmp
HAVE_OPENMP ?= $(shell echo 'int main(void){return 0;}' | \
    $(CC) $(OPENMP_FLAGS) -x c - -o /dev/null 2>/dev/null && echo yes)
ifeq ($(HAVE_OPENMP),yes)
MODELS += openmp
CPPFLAGS += -DSWE_WITH_OPENMP
CFLAGS += $(OPENMP_FLAGS)
LDFLAGS += $(OPENMP_FLAGS)
endif
