# The Navier-Stokes application on the staggered grid (common/staggered/,
# backends/*/staggered/, solutions/*/staggered/, tests/staggered/), built
# wherever FFTW is installed (libfftw3-dev); without it the rest of
# shallows builds as before. Included from the Makefile after the
# backends' fragments, so that HAVE_OPENMP and CUDA_NVCC are known.
NS_CORE_SOURCES := $(wildcard common/staggered/*.c)
CORE_SOURCES := $(filter-out $(NS_CORE_SOURCES),$(CORE_SOURCES))
ifneq ($(HAVE_NETCDF),yes)
CORE_SOURCES := $(filter-out common/io/netcdf_volume.c,$(CORE_SOURCES))
endif
HAVE_FFTW ?= $(shell pkg-config --exists fftw3 fftw3f 2>/dev/null && echo yes)
NS_PROGRAM := $(BUILD)/shallows-ns

ifeq ($(HAVE_FFTW),yes)
BACKEND_SOURCES += $(NS_CORE_SOURCES) $(wildcard common/staggered/writers/*.c) \
    $(wildcard common/staggered/cases/*.c) $(wildcard backends/serial/staggered/*.c) \
    $(filter-out common/staggered/cli/ns_main.c,$(wildcard common/staggered/cli/*.c)) \
    $(wildcard $(KERNELS)/serial/staggered/*.c)
CPPFLAGS += -DSWE_WITH_STAGGERED -Ibackends/serial/staggered
# pkg-config where it is; else the plain names (a GPU machine with FFTW's
# static libraries carried in: tools/device/navier_stokes_check.sh).
LDLIBS += $(or $(shell pkg-config --libs fftw3 fftw3f 2>/dev/null),-lfftw3 -lfftw3f)
TEST_SOURCES += $(wildcard tests/staggered/*.c)
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/staggered/*.c)): CPPFLAGS += -Itests
ifeq ($(HAVE_OPENMP),yes)
BACKEND_SOURCES += $(wildcard backends/openmp/staggered/*.c) $(wildcard $(KERNELS)/openmp/staggered/*.c)
CPPFLAGS += -Ibackends/openmp/staggered
endif
ifneq ($(CUDA_NVCC),)
NS_CUDA_SOURCES := $(strip $(wildcard backends/cuda/staggered/*.cu) $(wildcard $(KERNELS)/cuda/staggered/*.cu))
EXTRA_OBJECTS += $(patsubst %.cu,$(BUILD)/obj/%.o,$(NS_CUDA_SOURCES))
ifneq ($(NS_CUDA_SOURCES),)
CPPFLAGS += -DNS_WITH_CUDA -Ibackends/cuda/staggered
LDLIBS += -lcufft
endif
endif
ifeq ($(NS_CUDA_SOURCES),)
TEST_SOURCES := $(filter-out tests/staggered/test_ns_cuda.c,$(TEST_SOURCES))
endif

NS_MAIN_OBJECTS := $(BUILD)/obj/common/staggered/cli/ns_main.o
-include $(NS_MAIN_OBJECTS:.o=.d)

## make ns: build/<precision>/shallows-ns, the Navier-Stokes cases (docs/RESULTS-navier-stokes.md)
.PHONY: ns
ns: $(NS_PROGRAM)
all: $(NS_PROGRAM)
# The input suite runs shallows-ns as a user would.
check: $(NS_PROGRAM)

# The Makefile's LIBRARY_OBJECTS is defined after this fragment is read;
# the same objects, from the sources as they stand here.
$(NS_PROGRAM): $(NS_MAIN_OBJECTS) $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SOURCES) $(BACKEND_SOURCES)) $(EXTRA_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
endif
