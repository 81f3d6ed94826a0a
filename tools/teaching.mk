# The teaching layer (included by the Makefile): skeletons generated from
# solutions/, the graded suites behind `make grade`, the student release and
# the slides. exercises/README.md says how the pieces fit together.

GRADE_SOURCES := $(wildcard tests/grade/*.c)
ifneq ($(HAVE_OPENMP),yes)
GRADE_SOURCES := $(filter-out tests/grade/grade_openmp.c,$(GRADE_SOURCES))
endif
ifeq ($(CUDA_NVCC),)
GRADE_SOURCES := $(filter-out tests/grade/grade_cuda.c,$(GRADE_SOURCES))
endif
ifneq ($(HAVE_OPENCL),yes)
GRADE_SOURCES := $(filter-out tests/grade/grade_opencl.c,$(GRADE_SOURCES))
endif
# Exercises 08 and 09 run their cases under mpirun: only where the MPI
# layer is built (backends/mpi/backend.mk).
ifeq ($(MPI_GRADE_PROGRAM),)
GRADE_SOURCES := $(filter-out tests/grade/grade_mpi.c,$(GRADE_SOURCES))
endif
GRADE_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(GRADE_SOURCES))
GRADE_PROGRAM := $(BUILD)/shallows-grade

# With solutions/ here, every backend that has tests/grade/<name>_reference.h
# is compiled a second time from solutions/<name>/ and backends/<name>/ with
# its public names renamed to reference_*, and linked beside the kernels
# under test; only the reference_* symbols stay global, so nothing clashes.
# Without solutions/ (a student release) the graded suites compare against
# shipped reference data instead.
REFERENCE_BACKENDS := $(if $(wildcard solutions/*),$(patsubst tests/grade/%_reference.h,%,$(wildcard tests/grade/*_reference.h)))
ifneq ($(HAVE_OPENMP),yes)
REFERENCE_BACKENDS := $(filter-out openmp,$(REFERENCE_BACKENDS))
endif
REFERENCE_OBJECTS := $(foreach b,$(REFERENCE_BACKENDS),$(BUILD)/reference-$(b).o)

$(GRADE_OBJECTS): CPPFLAGS += -Itests/grade $(if $(REFERENCE_BACKENDS),-DSWE_GRADE_WITH_REFERENCE)

define reference_backend
$(BUILD)/obj/reference/$(1)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CPPFLAGS) -Itests/grade -DSWE_REFERENCE_BUILD -include tests/grade/$(1)_reference.h $$(CFLAGS) -c -o $$@ $$<

$(BUILD)/reference-$(1).o: $(patsubst %.c,$(BUILD)/obj/reference/$(1)/%.o,$(wildcard solutions/$(1)/*.c backends/$(1)/*.c))
	$$(LD) -r -o $$@.tmp $$^
	objcopy -w --keep-global-symbol='reference_*' $$@.tmp $$@
	@rm -f $$@.tmp

-include $(patsubst %.c,$(BUILD)/obj/reference/$(1)/%.d,$(wildcard solutions/$(1)/*.c backends/$(1)/*.c))
endef
$(foreach b,$(REFERENCE_BACKENDS),$(eval $(call reference_backend,$(b))))

-include $(GRADE_OBJECTS:.o=.d)

$(GRADE_PROGRAM): $(GRADE_OBJECTS) $(LIBRARY_OBJECTS) $(REFERENCE_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(CUNIT_LIBS) $(LDLIBS)

.PHONY: grade-program skeletons grade student-release teaching-check slides

grade-program: $(GRADE_PROGRAM)

## make skeletons: regenerate skeletons/ from the markers in solutions/
skeletons:
	tools/make_skeletons

## make grade [EXERCISE=NN-name] [SUBMISSION=dir]: points per test, results.json, JUnit XML
grade: deps
	@tools/grade.py --precision $(PRECISION) $(if $(EXERCISE),--exercise $(EXERCISE)) --submission $(or $(SUBMISSION),$(KERNELS))

## make student-release: build/student-release/ and its .tar.gz, without solutions/
student-release:
	@tools/student_release.sh

## make teaching-check: skeletons fresh, skeleton build runs, release grades 0 and full
teaching-check:
	@tools/teaching_check.sh

## make slides: slides/*.md to PDF with pandoc (beamer)
slides:
	@tools/make_slides.sh
