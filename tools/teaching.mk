# The teaching layer (included by the Makefile): skeletons generated from
# solutions/, the graded suites behind `make grade`, the student release and
# the slides. exercises/README.md says how the pieces fit together.

# tests/grade/ -> shallows-grade. Built here from solutions/ it is the
# grader's own program: it computes the expected outputs of every case.
# The student's build of the same sources happens in a sandbox
# (tools/grading/), from the objects of `make grade-kit`.
GRADE_SOURCES := $(filter-out tests/grade/grade_race_wrap.c,$(wildcard tests/grade/*.c))
ifneq ($(HAVE_OPENMP),yes)
GRADE_SOURCES := $(filter-out tests/grade/grade_openmp%.c tests/grade/grade_race.c,$(GRADE_SOURCES))
endif
GRADE_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(GRADE_SOURCES))
GRADE_PROGRAM := $(BUILD)/shallows-grade

$(GRADE_OBJECTS) $(MPI_GRADE_OBJECTS) $(BUILD)/obj/tests/grade/grade_race_wrap.o: \
    CPPFLAGS += -Itests/grade
-include $(GRADE_OBJECTS:.o=.d)

# The graded triangle exercises (15, 16: tests/grade/grade_mesh*.c) link the
# triangle solver's host part alone: the mesh, its geometry, conditions and
# host arrays, the stepper, the CPU backends' plumbing and their kernels
# (slots below); not its program, outputs or device backends.
GRADE_MESH_SOURCES := $(wildcard common/mesh/gmsh/*.c common/mesh/geometry/*.c \
    backends/serial/mesh/*.c) common/mesh/solver/mesh_conditions.c \
    common/mesh/solver/mesh_host_arrays.c common/mesh/solver/mesh_stepper.c
# Exercise 17 splits its meshes on both sides (the partition, each rank's part).
GRADE_MESH_SOURCES += $(filter-out common/mesh/partition/mesh_partition_metis$(if \
    $(filter yes,$(HAVE_METIS)),_unavailable).c,$(wildcard common/mesh/partition/*.c))
GRADE_MESH_KERNEL_SOURCES := $(wildcard $(KERNELS)/serial/mesh/*.c)
ifeq ($(HAVE_OPENMP),yes)
GRADE_MESH_SOURCES += $(wildcard backends/openmp/mesh/*.c)
GRADE_MESH_KERNEL_SOURCES += $(wildcard $(KERNELS)/openmp/mesh/*.c)
endif
GRADE_MESH_PLUMBING := $(patsubst %.c,$(BUILD)/obj/%.o,$(GRADE_MESH_SOURCES))
GRADE_MESH_KERNELS := $(patsubst %.c,$(BUILD)/obj/%.o,$(GRADE_MESH_KERNEL_SOURCES))
# Exercise 18's scatter on the GPU, where nvcc is: the lab's plumbing and
# the student's kernel file (both also in MESH_OBJECTS, built with its flags).
ifneq ($(CUDA_NVCC),)
GRADE_MESH_PLUMBING += $(BUILD)/obj/backends/cuda/mesh/mesh_cuda_scatter_lab.o
GRADE_MESH_KERNELS += $(BUILD)/obj/$(KERNELS)/cuda/mesh/mesh_cuda_scatter.o
endif

$(GRADE_PROGRAM): $(GRADE_OBJECTS) $(LIBRARY_OBJECTS) $(GRADE_MESH_PLUMBING) $(GRADE_MESH_KERNELS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# make bench-mesh-scatter: exercise 16's cell pass four ways (gather, the
# naive scatter's race, atomics, colouring), tools/mesh_scatter_bench.c.
MESH_SCATTER_BENCH := $(BUILD)/shallows-mesh-scatter
$(MESH_SCATTER_BENCH): $(BUILD)/obj/tools/mesh_scatter_bench.o $(LIBRARY_OBJECTS) \
    $(GRADE_MESH_PLUMBING) $(GRADE_MESH_KERNELS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
-include $(BUILD)/obj/tools/mesh_scatter_bench.d

.PHONY: bench-mesh-scatter
## make bench-mesh-scatter [SCATTER_ARGS="N REPEAT THREADS [random]"]: exercise 16's costs
bench-mesh-scatter: $(MESH_SCATTER_BENCH)
	$(MESH_SCATTER_BENCH) $(SCATTER_ARGS)

# ---- make grade-kit: what the sandboxed build of a submission starts from
# (tools/grading/kit.py reads $(KIT)/kit.txt): every object of the program
# but the kernels, the kernels of every slot compiled from skeletons/ (for
# the files an exercise does not take from the submission; nothing of
# solutions/), and the commands that compile and link the rest.
KIT := $(BUILD)/grade-kit
KIT_KERNELS := $(if $(wildcard solutions/*),solutions,skeletons)
# Kernel files this build can compile: .c always (MPI's with mpicc, OpenMP's
# with OpenMP), .cu with nvcc, .cl with OpenCL.
# The Navier-Stokes kernels sit one folder deeper (<model>/staggered/) and
# are slots too, as are the triangles' CPU kernels (serial/mesh/,
# openmp/mesh/: GRADE_MESH_KERNELS above) and their CUDA scatter (exercise
# 18); their other device kernels are linked only into the programs that
# run triangles.
KIT_SLOTS := $(patsubst $(KIT_KERNELS)/%,%,$(filter-out \
    $(filter-out %/mesh_cuda_scatter.cu,$(wildcard $(KIT_KERNELS)/cuda/mesh/*)) \
    $(wildcard $(KIT_KERNELS)/opencl/mesh/*), \
    $(wildcard $(KIT_KERNELS)/*/*.c $(KIT_KERNELS)/*/*/*.c) \
    $(if $(CUDA_NVCC),$(wildcard $(KIT_KERNELS)/*/*.cu $(KIT_KERNELS)/*/*/*.cu)) \
    $(if $(filter yes,$(HAVE_OPENCL)),$(wildcard $(KIT_KERNELS)/*/*.cl))))
# KIT_SLOTS_NOT_BUILT: an application's kernels where its libraries are
# missing (common/staggered/staggered.mk without FFTW).
KIT_SLOTS := $(filter-out $(if $(MPI_GRADE_PROGRAM),,mpi/%) \
    $(if $(filter yes,$(HAVE_OPENMP)),,openmp/%) $(KIT_SLOTS_NOT_BUILT),$(KIT_SLOTS))
KIT_OBJECT_SLOTS := $(basename $(filter-out %.cl,$(KIT_SLOTS)))
KIT_KERNEL_OBJECTS := $(patsubst %,$(KIT)/obj/skeletons/%.o,$(KIT_OBJECT_SLOTS))
KIT_PLUMBING := $(filter-out $(BUILD)/obj/$(KERNELS)/% $(BUILD)/obj/gen/%,$(LIBRARY_OBJECTS)) \
    $(GRADE_MESH_PLUMBING)
KIT_WRAP := $(if $(filter yes,$(HAVE_OPENMP)),$(BUILD)/obj/tests/grade/grade_race_wrap.o)
KIT_MPI_PLUMBING := $(filter-out $(BUILD)/obj/$(KERNELS)/%,$(MPI_OBJECTS) $(MPI_GRADE_MESH_OBJECTS))
KIT_MPI_COMPILE := $(if $(MPI_GRADE_PROGRAM),$(MPICC) $(CPPFLAGS) -Ibackends/mpi $(CFLAGS))
# $(call kit_nvcc_compile,MATH): nvcc's line with an application's math
# flags; the triangles' kernels (cuda/mesh/) take MESH_CUDA_MATH
# (common/mesh/mesh.mk), the others CUDA_MATH, as their programs do.
kit_nvcc_compile = $(if $(CUDA_NVCC),$(CUDA_NVCC) $(CPPFLAGS) $(NVCCFLAGS) $(1) -MMD -MP)
kit_slot_math = $(if $(findstring /cuda/mesh/,$(1)),$(MESH_CUDA_MATH),$(CUDA_MATH))

$(KIT)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(if $(findstring /mpi/,$<),$(KIT_MPI_COMPILE),$(CC) $(CPPFLAGS) $(CFLAGS)) -c -o $@ $<

$(KIT)/obj/%.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call kit_nvcc_compile,$(call kit_slot_math,$<)) -c -o $@ $<

-include $(KIT_KERNEL_OBJECTS:.o=.d)

# kit.txt: one NAME=value line per entry of KIT_FIELDS (an application's
# fragment adds its own through KIT_EXTRA_FIELDS: common/staggered/staggered.mk).
KIT_FIELDS := PRECISION CC_COMPILE MPI_COMPILE NVCC_COMPILE LINK MPI_LINK LIBS WRAP PLUMBING \
    GRADE MPI_PLUMBING MPI_GRADE OPENCL_SOURCES OPENCL_INCLUDE_DIRS SLOTS KIT $(KIT_EXTRA_FIELDS)
KIT_V_PRECISION = $(PRECISION)
KIT_V_CC_COMPILE = $(CC) $(CPPFLAGS) $(CFLAGS)
KIT_V_MPI_COMPILE = $(KIT_MPI_COMPILE)
KIT_V_NVCC_COMPILE = $(call kit_nvcc_compile,$(CUDA_MATH))
KIT_V_LINK = $(CC) $(LDFLAGS)
KIT_V_MPI_LINK = $(if $(MPI_GRADE_PROGRAM),$(MPICC) $(LDFLAGS))
KIT_V_LIBS = $(LDLIBS)
KIT_V_WRAP = $(KIT_WRAP)
KIT_V_PLUMBING = $(KIT_PLUMBING)
KIT_V_GRADE = $(GRADE_OBJECTS)
KIT_V_MPI_PLUMBING = $(if $(MPI_GRADE_PROGRAM),$(KIT_MPI_PLUMBING))
KIT_V_MPI_GRADE = $(MPI_GRADE_OBJECTS)
KIT_V_OPENCL_SOURCES = $(if $(filter yes,$(HAVE_OPENCL)),$(filter-out $(KERNELS)/%,$(OPENCL_KERNEL_SOURCES)))
KIT_V_OPENCL_INCLUDE_DIRS = $(patsubst $(KERNELS)/%,submission/%,$(OPENCL_INCLUDE_DIRS))
KIT_V_SLOTS = $(KIT_SLOTS)
KIT_V_KIT = $(KIT)

.PHONY: grade-kit
grade-kit: $(GRADE_OBJECTS) $(KIT_WRAP) $(KIT_PLUMBING) $(KIT_KERNEL_OBJECTS) \
    $(if $(MPI_GRADE_PROGRAM),$(KIT_MPI_PLUMBING) $(MPI_GRADE_OBJECTS))
	$(file >$(KIT)/kit.txt.tmp)
	$(foreach f,$(KIT_FIELDS),$(file >>$(KIT)/kit.txt.tmp,$(f)=$(strip $(KIT_V_$(f)))))
	@mv $(KIT)/kit.txt.tmp $(KIT)/kit.txt

comma := ,
space := $(subst ,, )

.PHONY: grade-program skeletons grade student-release teaching-check slides gradescope grade-check

grade-program: $(GRADE_PROGRAM)

## make skeletons: regenerate skeletons/ from the markers in solutions/
skeletons:
	tools/make_skeletons

## make grade [EXERCISE=NN-name,...] [SUBMISSION=dir]: points per test, results.json, JUnit XML
grade:
	@tools/deps.sh grade
	@tools/grade.py --precision $(PRECISION) $(if $(EXERCISE),--exercise $(EXERCISE)) --submission $(or $(SUBMISSION),$(KERNELS))

## make student-release: build/student-release/ and its .tar.gz, without solutions/
student-release:
	@tools/student_release.sh

## make teaching-check: skeletons fresh, skeleton build runs, release grades 0 and full
teaching-check:
	@tools/teaching_check.sh

## make grade-check: the grader's unit tests, hostile submissions (tests/grade/cheats/),
## the CUDA exercises built in the sandbox, GitHub Classroom simulated
CUDA_EXERCISES = $(notdir $(patsubst %/grade.conf,%,$(shell grep -l "^device: cuda" exercises/*/grade.conf)))
grade-check:
	@python3 -m unittest discover -s tools/grading -p 'test_*.py'
	@tests/grade/cheats/run.py
	@tools/grade.py --build-only --exercise $(subst $(space),$(comma),$(sort $(CUDA_EXERCISES)))
	@tools/classroom_simulation.sh

## make gradescope [EXERCISE=a,b]: build/gradescope/autograder.zip (setup.sh, run_autograder)
gradescope:
	@tools/gradescope.sh $(EXERCISE)

## make slides: slides/*.md to PDF with pandoc (beamer)
slides:
	@tools/make_slides.sh
