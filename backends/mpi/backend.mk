# The MPI layer: build/<precision>/shallows-mpi (and its test program) when
# mpicc is installed. Its sources compile with mpicc; the core and the
# fine-grain backends are the same objects as in shallows, so every
# backend built here runs per rank as mpi+<backend>. Not built under the
# sanitizers: Open MPI and AddressSanitizer do not mix well.
MPICC ?= $(shell command -v mpicc 2>/dev/null)
MPIRUN ?= $(shell command -v mpirun 2>/dev/null)

ifneq ($(and $(MPICC),$(MPIRUN)),)
ifeq ($(SANITIZE),)
# The plumbing here, and the parts students write (exercises 08 and 09)
# from $(KERNELS)/mpi/.
MPI_SOURCES := $(filter-out backends/mpi/main.c,$(wildcard backends/mpi/*.c)) \
    $(wildcard $(KERNELS)/mpi/*.c)
MPI_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(MPI_SOURCES))
# Triangle meshes over ranks (backends/mpi/mesh/, shallows-mpi --mesh):
# shallows-mpi and its tests link them with the triangle solver's objects;
# the halo exchange is exercise 17's ($(KERNELS)/mpi/mesh/).
MPI_MESH_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard backends/mpi/mesh/*.c) \
    $(wildcard $(KERNELS)/mpi/mesh/*.c))
MPI_MAIN_OBJECT := $(BUILD)/obj/backends/mpi/main.o
MPI_TEST_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/mpi/*.c) tests/vtk_reader.c \
    $(wildcard tests/mesh_mpi/*.c) tests/mesh/mesh_test_support.c)
MPI_PROGRAM := $(BUILD)/shallows-mpi
MPI_TEST_PROGRAM := $(BUILD)/shallows-mpi-tests
# The MPI side of `make grade` (exercises 08 and 09): shallows-grade starts
# it under mpirun for every case (tests/grade/grade_mpi.c).
# Exercise 17's cases build their mesh parts as the grader does
# (grade_mesh_parts.c) and run the triangle halo plan (mesh_mpi_halo.c).
MPI_GRADE_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/grade/mpi/*.c) \
    tests/grade/grade_mesh_parts.c)
MPI_GRADE_MESH_OBJECTS := $(BUILD)/obj/backends/mpi/mesh/mesh_mpi_halo.o \
    $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard $(KERNELS)/mpi/mesh/*.c))
MPI_GRADE_PROGRAM := $(BUILD)/shallows-mpi-grade
# Rank counts of `make check-mpi`; --oversubscribe lets them exceed the cores.
MPI_TEST_RANKS ?= 1 2 3 4 6
MPIRUN_FLAGS ?= -q --oversubscribe
CPPFLAGS += -DSWE_WITH_MPI

# Parallel NetCDF (tools/libraries.mk): the MPI layer's own writer, and
# shallows-mpi linked against the parallel build of the library (the same
# API and version as the serial one the core compiles against) in its
# place. Without it rank 0 gathers the domain for PATH.nc.
ifeq ($(HAVE_NETCDF_PAR),yes)
MPI_NETCDF_FLAGS := -DSWE_WITH_PARALLEL_NETCDF $(NETCDF_PAR_CFLAGS)
MPI_LDLIBS = $(filter-out $(NETCDF_LIBS),$(LDLIBS)) $(NETCDF_PAR_LIBS)
else
MPI_SOURCES := $(filter-out backends/mpi/mpi_netcdf.c,$(MPI_SOURCES))
MPI_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(MPI_SOURCES))
MPI_LDLIBS = $(LDLIBS)
endif

# mpicc is the same compiler as $(CC) plus MPI's paths; only these files
# need them.
$(BUILD)/obj/backends/mpi/%.o: backends/mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(MPI_NETCDF_FLAGS) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/$(KERNELS)/mpi/%.o: $(KERNELS)/mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Ibackends/mpi $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/tests/grade/mpi/%.o: tests/grade/mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Ibackends/mpi $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/tests/mpi/%.o: tests/mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Itests -Ibackends/mpi $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/tests/mesh_mpi/%.o: tests/mesh_mpi/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Itests -Itests/mpi -Ibackends/mpi -Ibackends/mpi/mesh $(CFLAGS) -c -o $@ $<

$(MPI_MESH_OBJECTS): CPPFLAGS += -Ibackends/mpi

# The library objects are only known once every backend.mk has added its
# sources: expand them a second time, when the rule is used.
.SECONDEXPANSION:
$(MPI_PROGRAM): $(MPI_MAIN_OBJECT) $(MPI_OBJECTS) $(MPI_MESH_OBJECTS) $$(LIBRARY_OBJECTS) $$(MESH_OBJECTS)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(MPI_LDLIBS)

$(MPI_TEST_PROGRAM): $(MPI_TEST_OBJECTS) $(MPI_OBJECTS) $(MPI_MESH_OBJECTS) $$(LIBRARY_OBJECTS) \
		$$(MESH_OBJECTS)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(CUNIT_LIBS) $(MPI_LDLIBS)

$(MPI_GRADE_PROGRAM): $(MPI_GRADE_OBJECTS) $(MPI_OBJECTS) $(MPI_GRADE_MESH_OBJECTS) \
		$$(LIBRARY_OBJECTS) $$(GRADE_MESH_PLUMBING) $$(GRADE_MESH_KERNELS)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(MPI_LDLIBS)

-include $(MPI_OBJECTS:.o=.d) $(MPI_MESH_OBJECTS:.o=.d) $(MPI_MAIN_OBJECT:.o=.d) $(MPI_TEST_OBJECTS:.o=.d) \
    $(MPI_GRADE_OBJECTS:.o=.d)

grade-program: $(MPI_GRADE_PROGRAM)

all: $(MPI_PROGRAM)
# The mpi-cli suite of shallows-tests runs these two under mpirun.
check: $(MPI_PROGRAM) $(MPI_TEST_PROGRAM)

.PHONY: check-mpi bench-mpi
## make bench-mpi: weak scaling of mpi+serial, 1 -> 2 ranks of 1000 x 1000 cells
bench-mpi:
	tools/bench_mpi.sh $(PRECISION)

## make check-mpi: the MPI suites on 1, 2, 3, 4 and 6 ranks (PRECISION=)
check-mpi: $(MPI_PROGRAM) $(MPI_TEST_PROGRAM)
	@for ranks in $(MPI_TEST_RANKS); do \
	    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	    timeout 120 $(MPIRUN) $(MPIRUN_FLAGS) -np $$ranks $(MPI_TEST_PROGRAM) || exit 1; \
	done
endif
endif
