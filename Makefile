# shallows: one entry point. `make help` lists the targets (the `## make` lines of this
# file and of the fragments it includes).
#
# The build in five parts (docs/ARCHITECTURE.md, "The build"):
#   tools/build/libraries.mk     the libraries found (NetCDF, PNG, ...), each optional
#   backends/<model>/model.mk    a programming model: finds its toolchain, sets its one macro
#   backends/mpi/mpi.mk          the MPI layer and its programs
#   common/<app>/<app>.mk        an application: its sources, libraries and tests
#   tools/build/rules.mk         the generic rules: objects, the core library, the programs

PRECISION ?= single
# A student release ships without solutions/: it builds the skeletons.
KERNELS ?= $(if $(wildcard solutions/*),solutions,skeletons)
SANITIZE ?=
ARCH ?= -march=native
# Some CPUs (Zen 1, among others) make GCC prefer 128-bit vectors; the
# solver loops are compute bound and run faster with all of AVX2's width.
VECTOR_WIDTH ?= $(if $(filter x86_64,$(shell uname -m)),-mprefer-vector-width=256)
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

# The test-only models (tests/backends/<model>/) to build into the programs
# too, in a build folder of their own: `make TEST_MODELS_IN_PROGRAMS=shadow`.
TEST_MODELS_IN_PROGRAMS ?=

BUILD := build/$(PRECISION)$(if $(DRY_TOLERANCE),-dry$(DRY_TOLERANCE))$(if $(SANITIZE),-sanitize)$(if $(filter-out solutions,$(KERNELS)),-$(notdir $(KERNELS)))$(foreach m,$(TEST_MODELS_IN_PROGRAMS),-$(m))
CC ?= gcc
# WERROR= (the grader's own build, tools/teaching/grading/kit.py): warnings
# stay warnings, shown to the student as feedback rather than stopping the grading.
WERROR ?= -Werror
WARNINGS := -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# No -ffast-math: every backend must reproduce the same bits, so no
# reassociation and no contraction into FMAs; dropping errno and traps is
# what lets the solver loops vectorise.
OPTIMISE := -O3 $(ARCH) $(VECTOR_WIDTH) -fno-math-errno -fno-trapping-math -ffp-contract=off
ifneq ($(SANITIZE),)
SANITIZERS := -fsanitize=address,undefined -fno-sanitize-recover=all
OPTIMISE := -O1 -g -fno-omit-frame-pointer -ffp-contract=off $(SANITIZERS)
endif
# Includes name their room from one of three roots: common/ for the shared
# core and the applications ("mesh/geometry/mesh_build.h"), the repository
# for backends/ and tests/ ("backends/cuda/cuda_check.h"), and the kernels
# this build compiles, solutions/ or skeletons/ ("cuda/cartesian/level1_kernels.cu").
KERNEL_ROOT := -I$(KERNELS)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -DSWE_VERSION='"$(VERSION)"' -Icommon -I. $(KERNEL_ROOT)
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

# What the fragments fill: the models built (MODELS; TEST_MODELS are built
# into shallows-tests alone), the applications (APPS), the programs
# (PROGRAMS), and the sources left out because a library is missing (DROPPED).
# Programs not installed (tests, validation, grading: TOOL_PROGRAMS), and
# the rules a fragment can only write once all are read (LATE_RULES).
MODELS :=
TEST_MODELS :=
APPS :=
PROGRAMS :=
TOOL_PROGRAMS :=
DROPPED :=
LATE_RULES :=
STAMPED_FLAGS :=

include tools/build/functions.mk
include tools/build/libraries.mk
# Every model's fragment, serial first (the others build on its verbs), then
# the test-only models of tests/backends/.
include backends/serial/model.mk $(filter-out backends/serial/model.mk,$(sort $(wildcard backends/*/model.mk))) \
    $(sort $(wildcard tests/backends/*/model.mk))
# shallows runs both shallow-water applications: the Cartesian one, and the
# mesh one when given --mesh FILE.
PROGRAMS += shallows
shallows_MAIN := common/programs/shallows.c
shallows_APPS := cartesian mesh

include common/cartesian/cartesian.mk common/mesh/mesh.mk common/ns/ns.mk

include backends/mpi/mpi.mk
include tools/teaching/teaching.mk
include tools/build/rules.mk

.PHONY: all run movie test check bench validate deps help clean format format-check print-program \
    install config fuzz man
.DEFAULT_GOAL := all

## make: every program of this configuration into build/<precision>/ (PRECISION=single|double,
## KERNELS=solutions|skeletons, DRY_TOLERANCE=metres)
all: $(addprefix $(BUILD)/,$(PROGRAMS))

## make run: a radial dam break, written to output/radial-dam-break.{nc,pvd}, _NNNN.{vtr,png}
RUN_SCENARIO ?= radial-dam-break
run: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p output
	$(BUILD)/shallows --scenario $(RUN_SCENARIO) --output output/$(RUN_SCENARIO) --format netcdf,vtk,png
	@echo "Look at it: ncview output/$(RUN_SCENARIO).nc | paraview output/$(RUN_SCENARIO).pvd | xdg-open output/$(RUN_SCENARIO)_0005.png"
	@du -ch output/$(RUN_SCENARIO).nc output/$(RUN_SCENARIO)_*.vtr output/$(RUN_SCENARIO)_*.png | tail -n 1 | sed 's/total/in all (compressed: --compress 0..9)/'

## make movie: the pictures of `make run` as output/radial-dam-break.gif (ffmpeg or ImageMagick)
movie:
	@tools/files/movie.sh output/$(RUN_SCENARIO)

## make test: every suite in both precisions, then once more under sanitizers
test: deps
	@tools/build/run_tests.sh

## make check: the suites of one build (PRECISION=, SANITIZE=1, SKIP_SUITES=name,name)
# Under the sanitizers, what libraries keep to the end is not reported
# (tests/lsan-suppressions.txt says which).
check: all $(TEST_PROGRAM)
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan-suppressions.txt:print_suppressions=0 \
	    $(TEST_PROGRAM) --program $(BUILD)/shallows $(if $(SKIP_SUITES),--skip $(SKIP_SUITES))

## make validate: the published and analytic cases, both precisions -> docs/VALIDATION.md
## (slow: minutes; VALIDATE_QUICK=1 for coarser grids), the MPI suites on 6 ranks, then
## every suite under the sanitizers and the Navier-Stokes checkpoint reader's fuzz. Its
## short version is in make test.
# Thacker's 0.1 m deep bowl runs once more with the former default dry
# tolerance, 1 mm, to show what it cost (passed to tools/validate/validate.py).
VALIDATE_DRY_TOLERANCE := 1e-3
# The Navier-Stokes checkpoint reader's fuzz under the sanitizers (make
# test runs its short form; make fuzz READER=... attacks every reader).
VALIDATE_FUZZ_MINUTES ?= 3
validate: deps
	@$(MAKE) --no-print-directory PRECISION=single build/single/shallows-validate
	@$(MAKE) --no-print-directory PRECISION=double build/double/shallows-validate
	@$(MAKE) --no-print-directory PRECISION=double DRY_TOLERANCE=$(VALIDATE_DRY_TOLERANCE) build/double-dry$(VALIDATE_DRY_TOLERANCE)/shallows-validate
	python3 tools/validate/validate.py --dry-tolerance $(VALIDATE_DRY_TOLERANCE) $(if $(VALIDATE_QUICK),--quick)
	@$(MAKE) --no-print-directory validate-mesh
	$(if $(filter yes,$(HAVE_MPI)),@for precision in single double; do $(MAKE) --no-print-directory \
	    PRECISION=$$precision MPI_TEST_RANKS=6 NS_MPI_TEST_RANKS= check-mpi || exit 1; done)
	@$(MAKE) --no-print-directory -j$(shell nproc) PRECISION=double SANITIZE=1 check
	python3 tools/fuzz/fuzz_readers.py --reader ns-checkpoint --program build/double-sanitize/shallows \
	    --minutes $(VALIDATE_FUZZ_MINUTES) --workdir $(FUZZ_DIR)

## make bench: every model and level of every application, both precisions, against the
## measured memory bandwidth; tables, CSV and plots in build/bench/ (tools/bench/)
bench: export BENCH_STARTED := $(shell date -u '+%Y-%m-%dT%H:%M:%SZ')
bench:
	@MAKE="$(MAKE)" tools/bench/bench.sh
	@MAKE="$(MAKE)" tools/bench/bench_mesh.sh
	$(if $(filter ns,$(APPS)),@MAKE="$(MAKE)" tools/bench/bench_navier_stokes.sh)
	@$(MAKE) --no-print-directory PRECISION=double bench-models

.PHONY: bench-models
## make bench-models [MODELS_TABLE_ARGS="--nx 1000 --threads 2 ..."]: every model built here
## on one Cartesian and one triangle case: speed, lines of code, agreement with serial
## (tools/bench/models_table.py; build/bench/models.md and .csv)
bench-models: $(BUILD)/shallows
	python3 tools/bench/models_table.py --program $(BUILD)/shallows $(MODELS_TABLE_ARGS)

# The program of this configuration (for tools/bench/bench.sh).
print-program:
	@echo $(BUILD)/shallows

## make fuzz: mutated files against one reader for FUZZ_MINUTES (default 10), under
## ASan/UBSan; READER=bathymetry|displacement|checkpoint|snapshots|mesh|mesh-checkpoint|
## ns-checkpoint|classic-header (tools/fuzz/; the last is a libFuzzer target, which needs
## clang: tools/build/deps.sh fuzz installs it)
READER ?= bathymetry
FUZZ_MINUTES ?= 10
FUZZ_DIR := build/fuzz
FUZZER := $(FUZZ_DIR)/classic_header_fuzzer
FUZZ_PROGRAM = build/double-sanitize/$(if $(filter ns-checkpoint,$(READER)),shallows-ns,shallows)
fuzz:
	@tools/build/deps.sh fuzz
ifeq ($(READER),classic-header)
	@$(MAKE) --no-print-directory $(FUZZER)
	python3 tools/fuzz/fuzz_readers.py --reader $(READER) --libfuzzer $(FUZZER) \
	    --minutes $(FUZZ_MINUTES) --workdir $(FUZZ_DIR)
else
	@$(MAKE) --no-print-directory PRECISION=double SANITIZE=1 $(FUZZ_PROGRAM)
	python3 tools/fuzz/fuzz_readers.py --reader $(READER) --program $(FUZZ_PROGRAM) \
	    --minutes $(FUZZ_MINUTES) --workdir $(FUZZ_DIR)
endif

$(FUZZER): tools/fuzz/classic_header_fuzzer.c common/io/classic_header.c common/io/classic_header.h
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Icommon -o $@ \
	    tools/fuzz/classic_header_fuzzer.c common/io/classic_header.c

## make deps: install the Debian packages the build needs (as root), or say which
deps:
	@tools/build/deps.sh

## make format: clang-format every C, CUDA and OpenCL source in place;
## format-check also checks skeletons/, which tools/teaching/make_skeletons formats
SOURCES_TO_FORMAT = $(shell git ls-files '*.c' '*.h' '*.cu' '*.cuh' '*.cl' '*.clh')
format:
	clang-format -i $(filter-out skeletons/%,$(SOURCES_TO_FORMAT))

format-check:
	clang-format --dry-run -Werror $(SOURCES_TO_FORMAT)

## make install PREFIX=dir: every program of this build into PREFIX/bin (default /usr/local;
## DESTDIR= for packaging), the docs into PREFIX/share/doc/shallows, the cases' meshes
## into PREFIX/share/shallows/meshes
PREFIX ?= /usr/local
DESTDIR ?=
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/shallows \
	    $(DESTDIR)$(PREFIX)/share/shallows/meshes
	install -m 755 $(addprefix $(BUILD)/,$(PROGRAMS)) $(DESTDIR)$(PREFIX)/bin
	install -m 644 README.md $(wildcard docs/*.md) $(DESTDIR)$(PREFIX)/share/doc/shallows
	install -m 644 $(wildcard common/mesh/geo/*.msh common/mesh/geo/*.geo) \
	    $(DESTDIR)$(PREFIX)/share/shallows/meshes
	@if [ -n "$(wildcard $(BUILD)/man/*.1)" ]; then \
	    install -d $(DESTDIR)$(PREFIX)/share/man/man1 && \
	    install -m 644 $(wildcard $(BUILD)/man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1; fi
	@echo "installed $(PROGRAMS) into $(DESTDIR)$(PREFIX)/bin ($(PRECISION) precision)"

## make man: a man page per program, made by help2man from its --help and --version, into
## build/<precision>/man/ (make install then installs them); says so where help2man is missing
HELP2MAN ?= help2man
# Checked before anything is built: the answer comes at once.
ifneq ($(filter man,$(MAKECMDGOALS)),)
ifeq ($(shell command -v $(HELP2MAN) 2>/dev/null),)
$(error make man: $(HELP2MAN) is not installed (apt-get install help2man); --help of each program is its manual)
endif
endif
man: all
	@mkdir -p $(BUILD)/man
	@for program in $(PROGRAMS); do \
	    $(HELP2MAN) --no-info --output=$(BUILD)/man/$$program.1 $(BUILD)/$$program || exit 1; \
	    echo "man: $(BUILD)/man/$$program.1"; done

## make config: which libraries, models and applications this build found, and how
config:
	@echo "programs:         $(PROGRAMS)"
	@echo "applications:     $(foreach a,$(APPS),$(a) ($(strip $(call app_models,$(a)))))"
	@echo "models:           $(MODELS)"
	@echo "NetCDF:           $(HAVE_NETCDF) $(if $(NETCDF_VIA),(through $(NETCDF_VIA)))"
	@echo "parallel NetCDF:  $(HAVE_NETCDF_PAR)"
	@echo "libpng:           $(HAVE_PNG)"
	@echo "cairo (text):     $(HAVE_CAIRO)"
	@echo "udunits2:         $(HAVE_UDUNITS)"
	@echo "zlib (VTK):       $(HAVE_ZLIB)"
	@echo "FFTW:             $(HAVE_FFTW) (shallows-ns$(if $(filter yes,$(HAVE_FFTW)),, is not built: install libfftw3-dev))"
	@echo "FFTW with MPI:    $(HAVE_FFTW_MPI)"
	@echo "clFFT:            $(HAVE_CLFFT) (shallows-ns --backend opencl preconditions on the $(if $(filter yes,$(HAVE_CLFFT)),device,host: install libclfft-dev for the device))"
	@echo "OpenMP offload:   $(if $(filter yes,$(HAVE_OMPTARGET_OFFLOAD)),yes (NVIDIA GPUs),no (omptarget runs on the host: install gcc-12-offload-nvptx))"
	@echo "METIS:            $(HAVE_METIS) (shallows-mpi --mesh partitions $(if $(filter yes,$(HAVE_METIS)),with METIS,by coordinate bisection (rcb): install libmetis-dev for METIS))"
	@echo "CUnit:            $(CUNIT_LIBS)"

## make clean: remove build/
clean:
	rm -rf build

## make help: this list
help:
	@awk '/^## make/ { sub(/^## /, ""); split($$0, parts, ": "); \
	        printf "%-24s %s\n", parts[1], substr($$0, length(parts[1]) + 3); more = 1; next } \
	    more && /^## / { sub(/^## /, ""); printf "%-24s %s\n", "", $$0; next } \
	    { more = 0 }' $(filter %Makefile %.mk,$(MAKEFILE_LIST))
