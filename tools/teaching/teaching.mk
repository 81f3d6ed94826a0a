# The teaching layer (included by the Makefile): skeletons generated from
# solutions/, the graded suites behind `make grade`, the student release and
# the slides. exercises/README.md says how the pieces fit together.

# tests/grade/ -> shallows-grade. Built here from solutions/ it is the
# grader's own program: it computes the expected outputs of every case.
# The student's build of the same sources happens in a sandbox
# (tools/teaching/grading/), from the objects of `make grade-kit`.
GRADE_SOURCES := $(filter-out tests/grade/grade_main.c tests/grade/grade_race_wrap.c \
    tests/grade/grade_openmp_team_wrap.c tests/grade/grade_omptarget_wrap.c,$(wildcard tests/grade/*.c))
ifeq ($(filter openmp,$(MODELS)),)
GRADE_SOURCES := $(filter-out tests/grade/grade_openmp%.c tests/grade/grade_race.c,$(GRADE_SOURCES))
endif
ifeq ($(filter omptarget,$(MODELS)),)
GRADE_SOURCES := $(filter-out tests/grade/grade_omptarget.c,$(GRADE_SOURCES))
endif
ifeq ($(filter pthreads,$(MODELS)),)
GRADE_SOURCES := $(filter-out tests/grade/grade_pthreads.c,$(GRADE_SOURCES))
endif
ifeq ($(filter ns,$(APPS)),)
GRADE_SOURCES := $(filter-out tests/grade/grade_ns%.c,$(GRADE_SOURCES))
endif
GRADE_OBJECTS := $(call objects,tests/grade/grade_main.c $(GRADE_SOURCES))

# The graded mesh exercises (15, 16, 18: tests/grade/grade_mesh*.c) link the
# mesh application's host part alone: the mesh, its geometry, conditions and
# host arrays, the stepper, the CPU models' plumbing and their kernels
# (slots below); not its program, outputs or device backends. Exercise 17
# splits its meshes on both sides (the partition, each rank's part).
GRADE_MESH_SOURCES = $(call sources,common/mesh/gmsh/*.c common/mesh/geometry/*.c \
    common/mesh/partition/*.c backends/serial/mesh/*.c) common/mesh/solver/mesh_conditions.c \
    common/mesh/solver/mesh_host_arrays.c common/mesh/solver/mesh_stepper.c
GRADE_MESH_KERNEL_SOURCES = $(wildcard $(KERNELS)/serial/mesh/*.c)
ifneq ($(filter openmp,$(MODELS)),)
GRADE_MESH_SOURCES += $(wildcard backends/openmp/mesh/*.c)
GRADE_MESH_KERNEL_SOURCES += $(wildcard $(KERNELS)/openmp/mesh/*.c)
endif
# Exercise 18's scatter on the GPU, where nvcc is: the lab's plumbing and
# the student's kernel file (also in the mesh application's objects, built
# with its flags).
ifneq ($(filter cuda,$(MODELS)),)
GRADE_MESH_SOURCES += backends/cuda/mesh/mesh_cuda_scatter_lab.cu
GRADE_MESH_KERNEL_SOURCES += $(KERNELS)/cuda/mesh/mesh_cuda_scatter.cu
endif
GRADE_MESH_PLUMBING = $(call objects,$(GRADE_MESH_SOURCES))
GRADE_MESH_KERNELS = $(call objects,$(GRADE_MESH_KERNEL_SOURCES))

TOOL_PROGRAMS += shallows-grade
shallows-grade_APPS := cartesian $(filter ns,$(APPS))
shallows-grade_OBJECTS = $(GRADE_OBJECTS) $(GRADE_MESH_PLUMBING) $(GRADE_MESH_KERNELS) \
    $(if $(filter ns,$(APPS)),$(NS_CUDA_HOST_OBJECTS))
shallows-grade_LIBS = $(mesh_LIBS) $(if $(filter ns,$(APPS)),-lstdc++ -pthread)
GRADE_PROGRAM := $(BUILD)/shallows-grade

# The MPI side of `make grade` (exercises 08, 09 and 17): shallows-grade
# starts it under mpirun for every case (tests/grade/grade_mpi.c). Exercise
# 17's cases build their mesh parts as the grader does (grade_mesh_parts.c)
# and run the mesh halo plan (backends/mpi/mesh/mesh_mpi_halo.c).
ifeq ($(HAVE_MPI)$(SANITIZE),yes)
TOOL_PROGRAMS += shallows-mpi-grade
MPI_GRADE_PROGRAM := $(BUILD)/shallows-mpi-grade
MPI_GRADE_OBJECTS = $(call objects,$(wildcard tests/grade/mpi/*.c) tests/grade/grade_mesh_parts.c)
shallows-mpi-grade_APPS := cartesian
shallows-mpi-grade_OBJECTS = $(MPI_GRADE_OBJECTS) $(call objects,$(MPI_SHARED_SOURCES) \
    $(call mpi_app_sources,cartesian) backends/mpi/mesh/mesh_mpi_halo.c \
    $(wildcard $(KERNELS)/mpi/mesh/*.c)) $(GRADE_MESH_PLUMBING) $(GRADE_MESH_KERNELS)
shallows-mpi-grade_LINKER = $(MPICC)
shallows-mpi-grade_LIBS = $(mesh_LIBS)
shallows-mpi-grade_LDLIBS = $(MPI_LDLIBS)
grade-program: $(MPI_GRADE_PROGRAM)
endif

# make bench-mesh-scatter: exercise 16's cell pass four ways (gather, the
# naive scatter's race, atomics, colouring), tools/bench/mesh_scatter_bench.c.
TOOL_PROGRAMS += shallows-mesh-scatter
shallows-mesh-scatter_MAIN := tools/bench/mesh_scatter_bench.c
shallows-mesh-scatter_OBJECTS = $(GRADE_MESH_PLUMBING) $(GRADE_MESH_KERNELS)
shallows-mesh-scatter_LIBS = $(call app_libs,mesh,$(MODELS))

.PHONY: bench-mesh-scatter
## make bench-mesh-scatter [SCATTER_ARGS="N REPEAT THREADS [random]"]: exercise 16's costs
bench-mesh-scatter: $(BUILD)/shallows-mesh-scatter
	$(BUILD)/shallows-mesh-scatter $(SCATTER_ARGS)

# ---- make grade-kit: what the sandboxed build of a submission starts from
# (tools/teaching/grading/kit.py reads $(KIT)/kit.txt): every object of the
# grade programs but the kernels, the kernels of every slot compiled from
# skeletons/ (for the files an exercise does not take from the submission;
# nothing of solutions/), and the commands that compile and link the rest,
# with the kernel root at the sandbox's submission/.
KIT := $(BUILD)/grade-kit
KIT_KERNELS := $(if $(wildcard solutions/*),solutions,skeletons)
# Kernel files this build can compile: .c always (MPI's with mpicc,
# OpenMP's with OpenMP), .cu with nvcc, the Cartesian .cl with OpenCL. The
# mesh application's device kernels but exercise 18's scatter are linked
# only into the programs that run meshes.
KIT_SLOTS := $(patsubst $(KIT_KERNELS)/%,%,$(filter-out \
    $(filter-out %/mesh_cuda_scatter.cu,$(wildcard $(KIT_KERNELS)/cuda/mesh/*)), \
    $(wildcard $(KIT_KERNELS)/*/*/*.c) \
    $(if $(filter cuda,$(MODELS)),$(wildcard $(KIT_KERNELS)/*/*/*.cu)) \
    $(if $(filter opencl,$(MODELS)),$(wildcard $(KIT_KERNELS)/opencl/cartesian/*.cl))))
# KIT_SLOTS_NOT_BUILT: an application's kernels where its libraries are
# missing (common/ns/ns.mk without FFTW).
KIT_SLOTS := $(filter-out $(if $(MPI_GRADE_PROGRAM),,mpi/%) \
    $(if $(filter openmp,$(MODELS)),,openmp/%) $(KIT_SLOTS_NOT_BUILT),$(KIT_SLOTS))
KIT_OBJECT_SLOTS := $(basename $(filter-out %.cl,$(KIT_SLOTS)))
KIT_KERNEL_OBJECTS := $(patsubst %,$(KIT)/obj/skeletons/%.o,$(KIT_OBJECT_SLOTS))
# What the kit links as it is: not the kernels, nor what an application's
# fragment compiles against them in the sandbox (KIT_NOT_PLUMBING).
# The generated OpenCL program sources that embed kernel files: the sandbox
# embeds them again with the submission's (kit.py); the others are plumbing.
KIT_GENERATED_FROM_KERNELS = $(foreach a,$(APPS),$(if $(filter $(KERNELS)/%,$(call opencl_sources,$(a))), \
    $(BUILD)/obj/gen/$(a)_opencl_source.o))
not_kernels = $(filter-out $(BUILD)/obj/$(KERNELS)/% $(KIT_GENERATED_FROM_KERNELS) $(GRADE_OBJECTS) $(MPI_GRADE_OBJECTS) \
    $(KIT_NOT_PLUMBING),$(1))
KIT_PLUMBING = $(call not_kernels,$(foreach a,$(shallows-grade_APPS),$(call app_objects,$(a),$(MODELS))) \
    $(shallows-grade_OBJECTS)) $(CORE_LIBRARY)
KIT_WRAP := $(if $(filter openmp,$(MODELS)),$(BUILD)/obj/tests/grade/grade_race_wrap.o \
    $(BUILD)/obj/tests/grade/grade_openmp_team_wrap.o \
    $(if $(filter omptarget,$(MODELS)),$(BUILD)/obj/tests/grade/grade_omptarget_wrap.o))
# The MPI case program links these besides KIT_PLUMBING (kit.py).
KIT_MPI_PLUMBING = $(filter-out $(KIT_PLUMBING),$(call not_kernels,$(foreach a,$(shallows-mpi-grade_APPS), \
    $(call app_objects,$(a),$(MODELS))) $(shallows-mpi-grade_OBJECTS)))
# The compile lines of the sandbox: the kernel root is its submission/
# (kit.txt); the kit's own skeleton objects are compiled here, from the
# root skeletons/.
kit_cppflags = $(patsubst $(KERNEL_ROOT),-I$(1),$(CPPFLAGS))
KIT_CPPFLAGS = $(call kit_cppflags,submission)
kit_mpi_compile = $(if $(MPI_GRADE_PROGRAM),$(MPICC) $(call kit_cppflags,$(1)) $(CFLAGS))
KIT_MPI_COMPILE = $(call kit_mpi_compile,submission)
# $(call kit_nvcc_compile,MATH,ROOT): nvcc's line with an application's
# math flags; the mesh kernels (cuda/mesh/) take MESH_CUDA_MATH
# (common/mesh/mesh.mk), the others CUDA_MATH, as their programs do.
kit_nvcc_compile = $(if $(filter cuda,$(MODELS)),$(CUDA_NVCC) $(call kit_cppflags,$(2)) $(NVCCFLAGS) $(1) -MMD -MP)
kit_slot_math = $(if $(findstring /cuda/mesh/,$(1)),$(MESH_CUDA_MATH),$(CUDA_MATH))

$(KIT)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(if $(findstring /mpi/,$<),$(call kit_mpi_compile,skeletons),$(CC) $(call kit_cppflags,skeletons) $(CFLAGS)) -c -o $@ $<

$(KIT)/obj/%.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call kit_nvcc_compile,$(call kit_slot_math,$<),skeletons) -c -o $@ $<

# What an application compiles against the kernels besides them, in C++
# (its KIT_V_EMULATION_SOURCES, compiled by its kit_emulation_compile).
$(KIT)/obj/%.o: %.cpp $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call kit_emulation_compile,skeletons) -MMD -MP -c -o $@ $<

-include $(KIT_KERNEL_OBJECTS:.o=.d) $(KIT_V_EMULATION_OBJECTS:.o=.d)

# kit.txt: one NAME=value line per entry of KIT_FIELDS (an application's
# fragment adds its own through KIT_EXTRA_FIELDS: common/ns/ns.mk).
KIT_FIELDS := PRECISION CC_COMPILE MPI_COMPILE NVCC_COMPILE LINK MPI_LINK LIBS WRAP PLUMBING \
    GRADE MPI_PLUMBING MPI_GRADE OPENCL_SOURCES OPENCL_INCLUDE_DIRS SLOTS KIT $(KIT_EXTRA_FIELDS)
KIT_V_PRECISION = $(PRECISION)
KIT_V_CC_COMPILE = $(CC) $(KIT_CPPFLAGS) $(CFLAGS)
KIT_V_MPI_COMPILE = $(KIT_MPI_COMPILE)
KIT_V_NVCC_COMPILE = $(call kit_nvcc_compile,$(CUDA_MATH),submission)
# The sandbox links a program for every grading: there its OpenMP target
# regions run on the host (no exercise is graded through offload), without
# GCC's device link of every target region (mkoffload: most of a link's time).
KIT_LDFLAGS = $(if $(filter omptarget,$(MODELS)),$(filter-out $(OMPTARGET_DEVICE_FLAGS),$(LDFLAGS)) \
    -foffload=disable,$(LDFLAGS))
KIT_V_LINK = $(CC) $(KIT_LDFLAGS)
KIT_V_MPI_LINK = $(if $(MPI_GRADE_PROGRAM),$(MPICC) $(KIT_LDFLAGS))
KIT_V_LIBS = $(shallows-grade_LIBS) $(foreach a,$(shallows-grade_APPS),$(call app_libs,$(a),$(MODELS))) $(LDLIBS)
KIT_V_WRAP = $(KIT_WRAP)
KIT_V_PLUMBING = $(KIT_PLUMBING)
KIT_V_GRADE = $(GRADE_OBJECTS)
KIT_V_MPI_PLUMBING = $(if $(MPI_GRADE_PROGRAM),$(KIT_MPI_PLUMBING))
KIT_V_MPI_GRADE = $(MPI_GRADE_OBJECTS)
KIT_V_OPENCL_SOURCES = $(if $(filter opencl,$(MODELS)),$(sort $(wildcard backends/opencl/cartesian/*.cl)))
KIT_V_OPENCL_INCLUDE_DIRS = common . submission
KIT_V_SLOTS = $(KIT_SLOTS)
KIT_V_KIT = $(KIT)

.PHONY: grade-kit
grade-kit: $(GRADE_OBJECTS) $(KIT_WRAP) $(KIT_PLUMBING) $(KIT_KERNEL_OBJECTS) $(KIT_V_EMULATION_OBJECTS) \
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
	tools/teaching/make_skeletons

## make grade [EXERCISE=NN-name,...] [SUBMISSION=dir]: points per test, results.json, JUnit XML
grade:
	@tools/build/deps.sh grade
	@tools/teaching/grade.py --precision $(PRECISION) $(if $(EXERCISE),--exercise $(EXERCISE)) --submission $(or $(SUBMISSION),$(KERNELS))

## make student-release: build/student-release/ and its .tar.gz, without solutions/
student-release:
	@tools/teaching/student_release.sh

## make teaching-check: skeletons fresh, skeleton build runs, sheets checked, solutions grade full
## (the release's CUDA exercises 0 and full where a GPU is; its others in grade-check)
teaching-check:
	@tools/teaching/teaching_check.sh

## make grade-check: the grader's unit tests, hostile submissions (tests/grade/cheats/),
## the CUDA exercises built in the sandbox, GitHub Classroom simulated
CUDA_EXERCISES = $(notdir $(patsubst %/grade.conf,%,$(shell grep -l "^device: cuda" exercises/*/grade.conf)))
grade-check:
	@python3 -m unittest discover -s tools/teaching/grading -p 'test_*.py'
	@tests/grade/cheats/run.py
	@tools/teaching/grade.py --build-only --exercise $(subst $(space),$(comma),$(sort $(CUDA_EXERCISES)))
	@tools/teaching/classroom_simulation.sh

## make gradescope [EXERCISE=a,b]: build/gradescope/autograder.zip (setup.sh, run_autograder)
gradescope:
	@tools/teaching/gradescope.sh $(EXERCISE)

## make slides: slides/*.md to PDF with pandoc (beamer)
slides:
	@tools/teaching/make_slides.sh
