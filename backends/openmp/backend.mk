# The OpenMP backend, built wherever the compiler supports OpenMP (GCC
# with libgomp: always on Debian).
OPENMP_FLAGS ?= -fopenmp
HAVE_OPENMP ?= $(shell echo 'int main(void){return 0;}' | \
    $(CC) $(OPENMP_FLAGS) -x c - -o /dev/null 2>/dev/null && echo yes)
ifeq ($(HAVE_OPENMP),yes)
BACKEND_SOURCES += $(wildcard backends/openmp/*.c) $(wildcard $(KERNELS)/openmp/*.c)
CPPFLAGS += -DSWE_WITH_OPENMP -Ibackends/openmp
CFLAGS += $(OPENMP_FLAGS)
LDFLAGS += $(OPENMP_FLAGS)
else
TEST_SOURCES := $(filter-out tests/test_openmp.c,$(TEST_SOURCES))
endif
