# The MPI layer, the coarse grain over the models: shallows-mpi (the
# Cartesian and mesh applications over ranks, each rank on any model) and
# shallows-ns-mpi (the ns slabs), with their tests, where mpicc and mpirun
# are installed (tools/build/libraries.mk). Everything under backends/mpi/,
# $(KERNELS)/mpi/ and the MPI suites compiles with mpicc; the rest are the
# same objects as in the one-process programs. Not built under the
# sanitizers: Open MPI and AddressSanitizer do not mix well.
ifeq ($(HAVE_MPI)$(SANITIZE),yes)
CPPFLAGS += -DSWE_WITH_MPI
# Rank counts of `make check-mpi`; --oversubscribe lets them exceed the cores.
MPI_TEST_RANKS ?= 1 2 3 4 6
NS_MPI_TEST_RANKS ?= 1 2 3 4
MPIRUN_FLAGS ?= -q --oversubscribe

# The layer's shared plumbing, and its part for application $(1):
# backends/mpi/<app>/ and the kernels students write ($(KERNELS)/mpi/<app>/).
MPI_SHARED_SOURCES = $(wildcard backends/mpi/*.c)
mpi_app_sources = $(call sources,backends/mpi/$(1)/*.c $(KERNELS)/mpi/$(1)/*.c)

# Parallel NetCDF (tools/build/libraries.mk): the layer's own writer, and
# shallows-mpi linked against the parallel build of the library (the same
# API and version as the serial one the core compiles against) in its
# place. Without it rank 0 gathers the domain for PATH.nc.
ifeq ($(HAVE_NETCDF_PAR),yes)
MPI_NETCDF_FLAGS := -DSWE_WITH_PARALLEL_NETCDF $(NETCDF_PAR_CFLAGS)
MPI_LDLIBS = $(filter-out $(NETCDF_LIBS),$(LDLIBS)) $(NETCDF_PAR_LIBS)
else
DROPPED += backends/mpi/cartesian/mpi_netcdf.c
endif
STAMPED_FLAGS += $(MPI_NETCDF_FLAGS)

PROGRAMS += shallows-mpi
shallows-mpi_MAIN := backends/mpi/programs/shallows_mpi.c
shallows-mpi_APPS := cartesian mesh
shallows-mpi_OBJECTS = $(call objects,$(MPI_SHARED_SOURCES) $(call mpi_app_sources,cartesian) \
    $(call mpi_app_sources,mesh))
shallows-mpi_LINKER = $(MPICC)
shallows-mpi_LDLIBS = $(MPI_LDLIBS)

# shallows-mpi-tests: the suites of both applications over ranks
# (tests/cartesian/mpi/, tests/mesh/mpi/), run on every rank of one mpirun.
TOOL_PROGRAMS += shallows-mpi-tests
shallows-mpi-tests_MAIN := tests/mpi/mpi_test_main.c
shallows-mpi-tests_APPS := cartesian mesh
shallows-mpi-tests_OBJECTS = $(shallows-mpi_OBJECTS) $(call objects,tests/vtk_reader.c tests/model_config.c tests/cartesian/vtk_extent.c \
    tests/mesh/mesh_test_support.c $(wildcard tests/mpi/test_*.c tests/cartesian/mpi/*.c tests/mesh/mpi/*.c))
shallows-mpi-tests_LINKER = $(MPICC)
shallows-mpi-tests_LIBS = $(CUNIT_LIBS)
shallows-mpi-tests_LDLIBS = $(MPI_LDLIBS)

# The suite of shallows-tests that runs shallows-mpi --mesh under mpirun.
mesh_TEST_SOURCES += $(wildcard tests/mesh/mpi/cli/*.c)

# shallows-ns-mpi: slabs over MPI ranks with FFTW's distributed
# transforms, where FFTW's MPI library is installed (libfftw3-mpi-dev).
ifeq ($(filter ns,$(APPS))$(HAVE_FFTW_MPI),nsyes)
CPPFLAGS += -DSWE_WITH_NS_MPI
PROGRAMS += shallows-ns-mpi
shallows-ns-mpi_MAIN := backends/mpi/programs/shallows_ns_mpi.c
shallows-ns-mpi_APPS := ns
shallows-ns-mpi_OBJECTS = $(call objects,$(MPI_SHARED_SOURCES) $(call mpi_app_sources,ns))
shallows-ns-mpi_LINKER = $(MPICC)
shallows-ns-mpi_LIBS = $(FFTW_MPI_LIBS)
shallows-ns-mpi_LDLIBS = $(MPI_LDLIBS)

TOOL_PROGRAMS += shallows-ns-mpi-tests
shallows-ns-mpi-tests_MAIN := tests/ns/mpi/ns_mpi_test_main.c
shallows-ns-mpi-tests_APPS := ns
shallows-ns-mpi-tests_OBJECTS = $(shallows-ns-mpi_OBJECTS) \
    $(call objects,$(filter-out %/ns_mpi_test_main.c,$(wildcard tests/ns/mpi/*.c)))
shallows-ns-mpi-tests_LINKER = $(MPICC)
shallows-ns-mpi-tests_LIBS = $(CUNIT_LIBS) $(FFTW_MPI_LIBS)
shallows-ns-mpi-tests_LDLIBS = $(MPI_LDLIBS)
check-mpi: $(BUILD)/shallows-ns-mpi-tests
endif

# mpicc is the same compiler as $(CC) plus MPI's paths; only these files need them.
MPI_COMPILED := $(call objects,$(filter-out $(DROPPED),$(wildcard backends/mpi/*.c backends/mpi/*/*.c \
    $(KERNELS)/mpi/*/*.c tests/mpi/*.c tests/*/mpi/*.c)))
$(MPI_COMPILED): $(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(MPI_NETCDF_FLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The mpi-cli suites of shallows-tests run shallows-mpi and its tests under mpirun.
check: $(BUILD)/shallows-mpi-tests

.PHONY: check-mpi bench-mpi
## make bench-mpi: weak scaling of mpi+serial, 1 -> 2 ranks of 1000 x 1000 cells
bench-mpi:
	tools/bench/bench_mpi.sh $(PRECISION)

## make check-mpi: the MPI suites on 1, 2, 3, 4 and 6 ranks (the ns slabs on 1 to 4; PRECISION=,
## MPI_TEST_RANKS="1 2", NS_MPI_TEST_RANKS=...)
check-mpi: all $(BUILD)/shallows-mpi-tests
	@$(if $(filter shallows-ns-mpi,$(PROGRAMS)),for ranks in $(NS_MPI_TEST_RANKS); do \
	    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	    timeout 300 $(MPIRUN) $(MPIRUN_FLAGS) -np $$ranks $(BUILD)/shallows-ns-mpi-tests || exit 1; \
	done)
	@for ranks in $(MPI_TEST_RANKS); do \
	    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	    timeout 120 $(MPIRUN) $(MPIRUN_FLAGS) -np $$ranks $(BUILD)/shallows-mpi-tests || exit 1; \
	done
endif
