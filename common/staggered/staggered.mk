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
    $(wildcard common/staggered/cases/*.c) $(wildcard common/staggered/model/*.c) \
    $(wildcard backends/serial/staggered/*.c) \
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
# make cuda-objects (CI, teaching-check) compiles these too.
cuda-objects: $(patsubst %.cu,$(BUILD)/obj/%.o,$(NS_CUDA_SOURCES))
endif
endif
ifeq ($(NS_CUDA_SOURCES),)
TEST_SOURCES := $(filter-out tests/staggered/test_ns_cuda.c,$(TEST_SOURCES))
endif
# NS_CUDA_PREFETCH=N: level 3 with N planes in flight instead of 2, for a comparison
# (tools/device/navier_stokes_check.sh removes the object around it).
ifneq ($(NS_CUDA_PREFETCH),)
$(BUILD)/obj/$(KERNELS)/cuda/staggered/ns_cuda_momentum_level3.o: NVCCFLAGS += -DNS_CUDA_PREFETCH_PLANES=$(NS_CUDA_PREFETCH)
endif

# The CUDA momentum kernels compiled as C++ and run on CPU threads (the
# ns_cuda_host suite: their tiles and barriers checked without a GPU).
CXX := $(if $(filter default,$(origin CXX)),g++,$(CXX))
NS_CUDA_HOST_OBJECTS := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard tests/staggered/cuda_host/*.cpp))
TEST_ONLY_OBJECTS += $(NS_CUDA_HOST_OBJECTS)
# $(call ns_cuda_host_compile,FOLDER): FOLDER holds the kernel sources
# (the sandbox's submission/ in the grade kit).
ns_cuda_host_compile = $(CXX) -Itests/staggered/cuda_host/stub -Itests/staggered/cuda_host \
    $(CPPFLAGS) -I$(1)/cuda/staggered -Ibackends/cuda -Ibackends/cuda/staggered \
    -std=c++17 -pthread $(filter-out -Wstrict-prototypes -Wmissing-prototypes,$(WARNINGS)) \
    -Wno-unknown-pragmas -Wno-unused-function $(OPTIMISE)
$(BUILD)/obj/tests/staggered/cuda_host/%.o: tests/staggered/cuda_host/%.cpp $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call ns_cuda_host_compile,$(KERNELS)) -MMD -MP -c -o $@ $<
-include $(NS_CUDA_HOST_OBJECTS:.o=.d)
$(BUILD)/shallows-tests: LDLIBS += -lstdc++ -pthread
# The grading of exercises 11-13 (tests/grade/grade_ns.c) runs the CUDA
# kernels through the same emulation.
$(BUILD)/shallows-grade: $(NS_CUDA_HOST_OBJECTS)
$(BUILD)/shallows-grade: LDLIBS += -lstdc++ -pthread
$(BUILD)/obj/tests/grade/grade_ns.o $(BUILD)/obj/tests/grade/grade_ns_cases.o \
    $(BUILD)/obj/tests/grade/grade_ns_preconditioner.o: CPPFLAGS += -Itests/staggered
# The sandboxed build of a submission (tools/grading/kit.py) compiles the
# same emulation against the submission's kernels: the kit names it.
# EMULATED_SLOTS: the kernel files graded this way, so without nvcc too.
KIT_EXTRA_FIELDS += EMULATION_COMPILE EMULATION_SOURCES EMULATION_LIBS EMULATED_SLOTS
KIT_V_EMULATION_COMPILE = $(call ns_cuda_host_compile,submission)
KIT_V_EMULATION_SOURCES = $(wildcard tests/staggered/cuda_host/*.cpp)
KIT_V_EMULATION_LIBS = -lstdc++ -pthread
KIT_V_EMULATED_SLOTS = $(patsubst $(KIT_KERNELS)/%,%,$(wildcard $(KIT_KERNELS)/cuda/staggered/*.cu))

NS_MAIN_OBJECTS := $(BUILD)/obj/common/staggered/cli/ns_main.o
-include $(NS_MAIN_OBJECTS:.o=.d)

## make ns: build/<precision>/shallows-ns, the Navier-Stokes cases (docs/RESULTS-navier-stokes.md)
.PHONY: ns run-ns bench-ns
ns: $(NS_PROGRAM)

## make run-ns: 002's Kelvin-Helmholtz shear layer at 64^3 on 2 OpenMP threads, pictures of the
## roll-up at 002's times in output/kelvin-helmholtz_NNNN.png (and .nc, .pvd)
run-ns: deps
	@$(MAKE) --no-print-directory ns
	@mkdir -p output
	$(NS_PROGRAM) --case kelvin-helmholtz --backend $(if $(filter yes,$(HAVE_OPENMP)),openmp,serial) \
	    --outputs 58 --output output/kelvin-helmholtz --format netcdf,vtk,png
	@echo "Look at it: output/kelvin-helmholtz_0020.png (t = 0.3 s), _0031 (0.465 s), _0058 (0.87 s);"
	@echo "paraview output/kelvin-helmholtz.pvd | ncview output/kelvin-helmholtz.nc"

# make bench runs the Navier-Stokes table first (tools/bench_navier_stokes.sh).
bench-ns:
	@MAKE="$(MAKE)" tools/bench_navier_stokes.sh
bench: bench-ns
all: $(NS_PROGRAM)
# The input suite runs shallows-ns as a user would.
check: $(NS_PROGRAM)

# The Makefile's LIBRARY_OBJECTS is defined after this fragment is read;
# the same objects, from the sources as they stand here.
$(NS_PROGRAM): $(NS_MAIN_OBJECTS) $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SOURCES) $(BACKEND_SOURCES)) $(EXTRA_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# shallows-ns-mpi: slabs over MPI ranks with FFTW's distributed transforms,
# where the MPI layer is built (backends/mpi/backend.mk) and FFTW's MPI
# library is installed (libfftw3-mpi-dev); its tests run in make check-mpi.
HAVE_FFTW_MPI ?= $(if $(wildcard /usr/include/fftw3-mpi.h),yes)
ifneq ($(and $(MPI_PROGRAM),$(filter yes,$(HAVE_FFTW_MPI))),)
NS_MPI_PROGRAM := $(BUILD)/shallows-ns-mpi
NS_MPI_TEST_PROGRAM := $(BUILD)/shallows-ns-mpi-tests
NS_MPI_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out backends/mpi/staggered/ns_mpi_main.c,$(wildcard backends/mpi/staggered/*.c)))
NS_MPI_MAIN_OBJECT := $(BUILD)/obj/backends/mpi/staggered/ns_mpi_main.o
NS_MPI_TEST_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/staggered/mpi/*.c))
NS_MPI_LIBS := -lfftw3_mpi -lfftw3f_mpi
CPPFLAGS += -DNS_WITH_MPI
$(NS_MPI_OBJECTS) $(NS_MPI_MAIN_OBJECT): CPPFLAGS += -Ibackends/mpi
$(BUILD)/obj/tests/staggered/mpi/%.o: tests/staggered/mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Itests -Itests/staggered -Ibackends/mpi -Ibackends/mpi/staggered $(CFLAGS) -c -o $@ $<
-include $(NS_MPI_OBJECTS:.o=.d) $(NS_MPI_MAIN_OBJECT:.o=.d) $(NS_MPI_TEST_OBJECTS:.o=.d)

$(NS_MPI_PROGRAM): $(NS_MPI_MAIN_OBJECT) $(NS_MPI_OBJECTS) $(MPI_OBJECTS) $$(LIBRARY_OBJECTS)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(NS_MPI_LIBS) $(LDLIBS)

$(NS_MPI_TEST_PROGRAM): $(NS_MPI_TEST_OBJECTS) $(NS_MPI_OBJECTS) $(MPI_OBJECTS) $$(LIBRARY_OBJECTS)
	$(MPICC) $(LDFLAGS) -o $@ $^ -lcunit $(NS_MPI_LIBS) $(LDLIBS)

all: $(NS_MPI_PROGRAM)
check: $(NS_MPI_PROGRAM)

.PHONY: ns-check-mpi
# The Navier-Stokes slabs on 1, 2, 3 and 4 ranks, before the Cartesian
# suites of check-mpi (the same "mpi-N: P passed, F failed" lines).
NS_MPI_TEST_RANKS ?= 1 2 3 4
ns-check-mpi: $(NS_MPI_TEST_PROGRAM) $(NS_MPI_PROGRAM) $(NS_PROGRAM)
	@for ranks in $(NS_MPI_TEST_RANKS); do \
	    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	    timeout 300 $(MPIRUN) $(MPIRUN_FLAGS) -np $$ranks $(NS_MPI_TEST_PROGRAM) || exit 1; \
	done
check-mpi: ns-check-mpi
endif
else
# Without FFTW the grade kit leaves these kernels out (tools/teaching.mk).
KIT_SLOTS_NOT_BUILT += serial/staggered/% openmp/staggered/% cuda/staggered/%
endif
