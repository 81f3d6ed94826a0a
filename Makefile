# shallows: one entry point. `make help` lists the targets.

PRECISION ?= single
# A student release ships without solutions/: it builds the skeletons.
KERNELS ?= $(if $(wildcard solutions/*),solutions,skeletons)
SANITIZE ?=
ARCH ?= -march=native
# Some CPUs (Zen 1, among others) make GCC prefer 128-bit vectors; the
# solver loops are compute bound and run faster with all of AVX2's width.
VECTOR_WIDTH ?= $(if $(filter x86_64,$(shell uname -m)),-mprefer-vector-width=256)
# The Cartesian edge loops (the serial kernels, which OpenMP and MPI call
# too) run 1.2-1.6x faster with AVX-512's width where the CPU has it
# (docs/RESULTS.md); without AVX-512 the preference changes nothing.
CARTESIAN_VECTOR_WIDTH ?= $(if $(filter x86_64,$(shell uname -m)),-mprefer-vector-width=512)
VERSION := 0.1.0

ifeq ($(filter $(PRECISION),single double),)
$(error PRECISION must be single or double, not '$(PRECISION)')
endif

# Dry tolerance in metres (the velocity cut-off); empty: 1e-6 (common/core/real.h).
# A build with another value gets a build folder of its own.
DRY_TOLERANCE ?=
ifneq ($(DRY_TOLERANCE),)
ifneq ($(shell echo '$(DRY_TOLERANCE)' | grep -Ex '([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?' | awk '$$1 > 0'),$(DRY_TOLERANCE))
$(error DRY_TOLERANCE must be a positive number of metres such as 1e-5, not '$(DRY_TOLERANCE)')
endif
endif

# yes: the test-only shadow backend in shallows too (tests/backends/shadow/).
WITH_SHADOW ?=

BUILD := build/$(PRECISION)$(if $(DRY_TOLERANCE),-dry$(DRY_TOLERANCE))$(if $(SANITIZE),-sanitize)$(if $(filter-out solutions,$(KERNELS)),-$(notdir $(KERNELS)))$(if $(filter yes,$(WITH_SHADOW)),-shadow)
CC ?= gcc
WARNINGS := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# No -ffast-math: every backend must reproduce the same bits, so no
# reassociation and no contraction into FMAs; dropping errno and traps is
# what lets the solver loops vectorise.
OPTIMISE := -O3 $(ARCH) $(VECTOR_WIDTH) -fno-math-errno -fno-trapping-math -ffp-contract=off
ifneq ($(SANITIZE),)
SANITIZERS := -fsanitize=address,undefined -fno-sanitize-recover=all
OPTIMISE := -O1 -g -fno-omit-frame-pointer -ffp-contract=off $(SANITIZERS)
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -DSWE_VERSION='"$(VERSION)"' -Icommon -Ibackends/serial
ifeq ($(PRECISION),double)
CPPFLAGS += -DSWE_PRECISION_DOUBLE
endif
ifneq ($(DRY_TOLERANCE),)
CPPFLAGS += -DSWE_DRY_TOLERANCE_METRES=$(DRY_TOLERANCE)
endif
# -fopenmp-simd: `#pragma omp simd` (vector loops with reductions) in every
# build; it needs no OpenMP runtime.
CFLAGS += -std=c11 -fopenmp-simd $(WARNINGS) $(OPTIMISE) -MMD -MP
LDFLAGS += $(SANITIZERS)
LDLIBS += -lm

CORE_SOURCES := $(filter-out common/programs/%,$(wildcard common/*/*.c))
BACKEND_SOURCES := $(wildcard backends/serial/*.c) $(wildcard $(KERNELS)/serial/*.c)
TEST_SOURCES := $(wildcard tests/*.c)
# Objects built by rules of their own (e.g. nvcc), linked into every program.
EXTRA_OBJECTS :=

include tools/libraries.mk

# NetCDF output needs libnetcdf; a machine without it (a GPU node, say)
# still builds shallows, which then refuses to write files with a message.
# The files that call NetCDF are common/io/netcdf_*.c and the checkpoint's
# (netcdf_series*.c only run writers and readers in children: they build
# without).
NETCDF_CORE_SOURCES := $(filter-out common/io/netcdf_unavailable.c common/io/netcdf_series%.c,$(wildcard common/io/netcdf_*.c)) \
    common/io/checkpoint.c common/io/checkpoint_record.c
ifeq ($(HAVE_NETCDF),yes)
CORE_SOURCES := $(filter-out common/io/netcdf_unavailable.c,$(CORE_SOURCES))
CPPFLAGS += $(NETCDF_CFLAGS)
LDLIBS += $(NETCDF_LIBS)
else
CPPFLAGS += -DSWE_WITHOUT_NETCDF
CORE_SOURCES := $(filter-out $(NETCDF_CORE_SOURCES),$(CORE_SOURCES))
TEST_SOURCES := $(filter-out tests/test_netcdf.c tests/test_checkpoint.c tests/test_netcdf_input.c \
    tests/test_cf_input.c tests/test_cf_output.c tests/test_geographic.c tests/cf_test_file.c \
    tests/test_fault_%.c,$(TEST_SOURCES))
endif

# Each optional library below has a stand-in file that says what is
# missing: $(call optional,HAVE,with-file,without-file).
optional = $(eval CORE_SOURCES := $(filter-out $(if $(filter yes,$(1)),$(3),$(2)),$(CORE_SOURCES)))

# PNG pictures need libpng; without it --format png is refused.
$(call optional,$(HAVE_PNG),common/io/png_output.c,common/io/png_unavailable.c)
ifeq ($(HAVE_PNG),yes)
CPPFLAGS += $(PNG_CFLAGS)
LDLIBS += $(PNG_LIBS)
else
CPPFLAGS += -DSWE_WITHOUT_PNG
CORE_SOURCES := $(filter-out common/io/png_raster.c,$(CORE_SOURCES))
TEST_SOURCES := $(filter-out tests/test_png.c,$(TEST_SOURCES))
endif

# Text in the pictures (cairo); without it they carry no labels.
$(call optional,$(HAVE_CAIRO),common/io/text_cairo.c,common/io/text_unavailable.c)
ifeq ($(HAVE_CAIRO),yes)
CPPFLAGS += $(CAIRO_CFLAGS)
LDLIBS += $(CAIRO_LIBS)
endif

# Units of input files (udunits2); without it metres and degrees only.
$(call optional,$(HAVE_UDUNITS),common/io/units_udunits.c,common/io/units_builtin.c)
ifeq ($(HAVE_UDUNITS),yes)
CPPFLAGS += $(UDUNITS_CFLAGS)
LDLIBS += $(UDUNITS_LIBS)
endif

# Compressed VTK files (zlib); without it they are written raw.
$(call optional,$(HAVE_ZLIB),common/io/vtk_zlib.c,common/io/vtk_zlib_unavailable.c)
ifeq ($(HAVE_ZLIB),yes)
CPPFLAGS += $(ZLIB_CFLAGS)
LDLIBS += $(ZLIB_LIBS)
else
CPPFLAGS += -DSWE_WITHOUT_ZLIB
endif

# Every other backend adds itself from backends/<name>/backend.mk when its
# toolchain is installed: it appends to BACKEND_SOURCES, EXTRA_OBJECTS,
# CPPFLAGS (-DSWE_WITH_<NAME>), CFLAGS and LDLIBS.
FLAGS_STAMP := $(BUILD)/compile-flags
include $(wildcard backends/*/backend.mk)
# Test doubles: built into shallows-tests, which links TEST_ONLY_OBJECTS in
# place of TEST_REPLACED_OBJECTS.
TEST_ONLY_OBJECTS :=
TEST_REPLACED_OBJECTS :=
include tests/backends/shadow/backend.mk
include common/staggered/staggered.mk
include common/mesh/mesh.mk

LIBRARY_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(CORE_SOURCES) $(BACKEND_SOURCES)) $(EXTRA_OBJECTS)
MAIN_OBJECT := $(BUILD)/obj/common/programs/shallows.o
TEST_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TEST_SOURCES))

PROGRAM := $(BUILD)/shallows
TEST_PROGRAM := $(BUILD)/shallows-tests
VALIDATE_PROGRAM := $(BUILD)/shallows-validate
VALIDATE_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,tools/validate.c tools/validate_cases.c tools/validate_commands.c tools/validate_numerics.c tools/radial_reference.c)

.PHONY: all run movie test check bench bench-mesh validate deps help clean format format-check print-program \
    install config fuzz
.DEFAULT_GOAL := all

all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS) $(MESH_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(TEST_PROGRAM): $(TEST_OBJECTS) $(TEST_ONLY_OBJECTS) $(filter-out $(TEST_REPLACED_OBJECTS),$(LIBRARY_OBJECTS)) \
		$(MESH_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(CUNIT_LIBS) $(LDLIBS)

$(VALIDATE_PROGRAM): $(VALIDATE_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/$(KERNELS)/serial/serial_kernels.o: CFLAGS += $(CARTESIAN_VECTOR_WIDTH)

-include $(LIBRARY_OBJECTS:.o=.d) $(MAIN_OBJECT:.o=.d) $(TEST_OBJECTS:.o=.d) $(VALIDATE_OBJECTS:.o=.d) \
    $(TEST_ONLY_OBJECTS:.o=.d)

include tools/teaching.mk

# Every object depends on the flags it was compiled with (FLAGS_STAMP is
# rewritten whenever they change): switching a backend on or off, as
# `CUDA_NVCC=` or `HAVE_NETCDF=no` do, rebuilds what it affects instead of
# linking objects of another configuration.
FLAGS_NOW := $(CC) $(CPPFLAGS) $(CFLAGS) $(CARTESIAN_VECTOR_WIDTH) $(NVCCFLAGS) $(CUDA_MATH) $(LDFLAGS) $(LDLIBS) $(MPI_NETCDF_FLAGS)
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(FLAGS_STAMP),$(FLAGS_NOW))
endif
$(FLAGS_STAMP): ;

## make run: a radial dam break, written to output/radial-dam-break.{nc,pvd}, _NNNN.{vtr,png}
RUN_SCENARIO ?= radial-dam-break
run: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p output
	$(PROGRAM) --scenario $(RUN_SCENARIO) --output output/$(RUN_SCENARIO) --format netcdf,vtk,png
	@echo "Look at it: ncview output/$(RUN_SCENARIO).nc | paraview output/$(RUN_SCENARIO).pvd | xdg-open output/$(RUN_SCENARIO)_0005.png"
	@du -ch output/$(RUN_SCENARIO).nc output/$(RUN_SCENARIO)_*.vtr output/$(RUN_SCENARIO)_*.png | tail -n 1 | sed 's/total/in all (compressed: --compress 0..9)/'

## make movie: the pictures of `make run` as output/radial-dam-break.gif (ffmpeg or ImageMagick)
movie:
	@tools/movie.sh output/$(RUN_SCENARIO)

## make test: every suite in both precisions, then once more under sanitizers
test: deps
	@tools/run_tests.sh

## make validate: the published and analytic cases, both precisions -> docs/VALIDATION.md
## (slow: minutes; VALIDATE_QUICK=1 for coarser grids). Its short version is in make test.
# Thacker's 0.1 m deep bowl runs once more with the former default dry
# tolerance, 1 mm, to show what it cost (passed to tools/validate.py).
VALIDATE_DRY_TOLERANCE := 1e-3
validate: deps
	@$(MAKE) --no-print-directory PRECISION=single build/single/shallows-validate
	@$(MAKE) --no-print-directory PRECISION=double build/double/shallows-validate
	@$(MAKE) --no-print-directory PRECISION=double DRY_TOLERANCE=$(VALIDATE_DRY_TOLERANCE) build/double-dry$(VALIDATE_DRY_TOLERANCE)/shallows-validate
	python3 tools/validate.py --dry-tolerance $(VALIDATE_DRY_TOLERANCE) $(if $(VALIDATE_QUICK),--quick)
	@$(MAKE) --no-print-directory validate-mesh

## make validate-mesh: the triangle cases alone -> docs/VALIDATION.md (Triangles), docs/mesh/
## (about 10 minutes here; VALIDATE_MESH_LONG=1 adds 000's M2 and the step on M2, M3: GPU machine)
.PHONY: validate-mesh
validate-mesh: deps meshes
	@$(MAKE) --no-print-directory PRECISION=double build/double/shallows build/double/shallows-validate
	python3 tools/validate_mesh.py $(if $(VALIDATE_MESH_LONG),--long)

## make check: the suites of one build (PRECISION=, SANITIZE=1)
# Under the sanitizers, what libraries keep to the end is not reported
# (tests/lsan-suppressions.txt says which).
check: $(PROGRAM) $(TEST_PROGRAM)
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan-suppressions.txt:print_suppressions=0 $(TEST_PROGRAM) --program $(PROGRAM)

## make bench: every backend and level, both precisions, against the measured
## memory bandwidth; table, build/bench/bench.csv and bench.png (tools/bench.sh)
bench:
	@MAKE="$(MAKE)" tools/bench.sh
	@MAKE="$(MAKE)" tools/bench_mesh.sh

## make bench-mesh: the triangle solver's half of make bench alone
bench-mesh:
	@MAKE="$(MAKE)" tools/bench_mesh.sh

# The program of this configuration (for tools/bench.sh).
print-program:
	@echo $(PROGRAM)

## make fuzz: mutated files against one reader for FUZZ_MINUTES (default 10), under
## ASan/UBSan; READER=bathymetry|displacement|checkpoint|snapshots|classic-header
## (tools/fuzz/; the last is a libFuzzer target, which needs clang: tools/deps.sh fuzz installs it)
READER ?= bathymetry
FUZZ_MINUTES ?= 10
FUZZ_DIR := build/fuzz
FUZZER := $(FUZZ_DIR)/classic_header_fuzzer
fuzz:
	@tools/deps.sh fuzz
ifeq ($(READER),classic-header)
	@$(MAKE) --no-print-directory $(FUZZER)
	python3 tools/fuzz/fuzz_readers.py --reader $(READER) --libfuzzer $(FUZZER) \
	    --minutes $(FUZZ_MINUTES) --workdir $(FUZZ_DIR)
else
	@$(MAKE) --no-print-directory PRECISION=double SANITIZE=1 build/double-sanitize/shallows
	python3 tools/fuzz/fuzz_readers.py --reader $(READER) --program build/double-sanitize/shallows \
	    --minutes $(FUZZ_MINUTES) --workdir $(FUZZ_DIR)
endif

$(FUZZER): tools/fuzz/classic_header_fuzzer.c common/io/classic_header.c common/io/classic_header.h
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Icommon -o $@ \
	    tools/fuzz/classic_header_fuzzer.c common/io/classic_header.c

## make deps: install the Debian packages the build needs (as root), or say which
deps:
	@tools/deps.sh

## make format: clang-format every C, CUDA and OpenCL source in place;
## format-check also checks skeletons/, which tools/make_skeletons formats
SOURCES_TO_FORMAT = $(shell git ls-files '*.c' '*.h' '*.cu' '*.cuh' '*.cl' '*.clh')
format:
	clang-format -i $(filter-out skeletons/%,$(SOURCES_TO_FORMAT))

format-check:
	clang-format --dry-run -Werror $(SOURCES_TO_FORMAT)

## make install PREFIX=dir: this build's programs into PREFIX/bin (default
## /usr/local; DESTDIR= for packaging), the docs into PREFIX/share/doc/shallows
PREFIX ?= /usr/local
DESTDIR ?=
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/shallows
	install -m 755 $(PROGRAM) $(DESTDIR)$(PREFIX)/bin/shallows
	$(if $(MPI_PROGRAM),install -m 755 $(MPI_PROGRAM) $(DESTDIR)$(PREFIX)/bin/shallows-mpi)
	install -m 644 README.md $(wildcard docs/*.md) $(DESTDIR)$(PREFIX)/share/doc/shallows
	@echo "installed $(DESTDIR)$(PREFIX)/bin/shallows$(if $(MPI_PROGRAM), and shallows-mpi) ($(PRECISION) precision)"

## make config: which libraries this build found, and how
config:
	@echo "NetCDF:           $(HAVE_NETCDF) $(if $(NETCDF_VIA),(through $(NETCDF_VIA)))"
	@echo "parallel NetCDF:  $(HAVE_NETCDF_PAR) (shallows-mpi: $(if $(MPI_PROGRAM),built,not built))"
	@echo "libpng:           $(HAVE_PNG)"
	@echo "cairo (text):     $(HAVE_CAIRO)"
	@echo "udunits2:         $(HAVE_UDUNITS)"
	@echo "zlib (VTK):       $(HAVE_ZLIB)"
	@echo "METIS:            $(HAVE_METIS) (shallows-mpi --mesh partitions$(if $(filter yes,$(HAVE_METIS)),, at random only: install libmetis-dev))"
	@echo "CUnit:            $(CUNIT_LIBS)"

clean:
	rm -rf build

help:
	@echo "make               build $(PROGRAM) (PRECISION=single|double, KERNELS=solutions|skeletons, DRY_TOLERANCE=metres)"
	@echo "make run           run a radial dam break: output/radial-dam-break.nc, .pvd, _NNNN.vtr, _NNNN.png"
	@echo "make movie         turn the pictures of make run into output/radial-dam-break.gif"
	@echo "make test          all test suites, both precisions, and under ASan/UBSan"
	@echo "make check         the test suites of one build (PRECISION=..., SANITIZE=1)"
	@echo "make bench         every backend and level against the memory bandwidth (BENCH_SIZES=...)"
	@echo "make bench-mesh    the triangle solver: orderings, orders, bytes and bandwidth (also in make bench)"
	@echo "make validate      published and analytic test cases -> docs/VALIDATION.md (slow)"
	@echo "make fuzz          mutated files against a reader: READER=bathymetry|displacement|checkpoint|snapshots|classic-header FUZZ_MINUTES=10"
	@echo "make deps          install missing Debian packages (root) or print the command;"
	@echo "                   .venv with the CF checkers (DEPS_PARAVIEW=yes: ParaView too)"
	@echo "make format        clang-format all C, CUDA and OpenCL sources (format-check: only check)"
	@echo "make cuda-objects  compile the CUDA backend and kernels, warnings as errors (no GPU needed)"
	@echo "make skeletons     regenerate skeletons/ from the markers in solutions/"
	@echo "make grade         grade kernels: EXERCISE=NN-name SUBMISSION=dir (points, results.json, JUnit)"
	@echo "make student-release  build/student-release/ and .tar.gz without solutions/"
	@echo "make teaching-check    skeletons fresh, release grades 0 on skeletons and full on solutions"
	@echo "make grade-check   hostile submissions graded 0, GitHub Classroom simulated"
	@echo "make gradescope    build/gradescope/autograder.zip for Gradescope (EXERCISE=a,b)"
	@echo "make slides        slides/*.md to PDF (pandoc + beamer)"
	@echo "make install       the programs into PREFIX/bin (PREFIX=/usr/local, DESTDIR=)"
	@echo "make config        which libraries the build found (pkg-config, nc-config)"
	@echo "make clean         remove build/"
