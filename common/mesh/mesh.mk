# The triangle solver (common/mesh/, included by the Makefile after the
# backends' fragments): its rooms, its backends' plumbing
# (backends/<model>/mesh/) and kernels ($(KERNELS)/<model>/mesh/) make
# MESH_OBJECTS, which only the programs that run triangles link: shallows
# (whose --mesh comes to common/mesh/program/) and shallows-tests, whose
# suites are tests/mesh/. `make meshes` writes the large meshes of every
# case with gmsh.

MESH_SOURCES := $(wildcard common/mesh/*/*.c)
ifeq ($(HAVE_NETCDF),yes)
MESH_SOURCES := $(filter-out common/mesh/io/mesh_netcdf_unavailable.c,$(MESH_SOURCES))
else
MESH_SOURCES := $(filter-out common/mesh/io/mesh_netcdf.c common/mesh/io/mesh_netcdf_records.c,$(MESH_SOURCES))
endif
# METIS partitions a mesh over MPI ranks (tools/libraries.mk finds it).
ifeq ($(HAVE_METIS),yes)
MESH_SOURCES := $(filter-out common/mesh/partition/mesh_partition_metis_unavailable.c,$(MESH_SOURCES))
CPPFLAGS += $(METIS_CFLAGS)
LDLIBS += $(METIS_LIBS)
else
MESH_SOURCES := $(filter-out common/mesh/partition/mesh_partition_metis.c,$(MESH_SOURCES))
endif
MESH_SOURCES += $(wildcard backends/serial/mesh/*.c) $(wildcard $(KERNELS)/serial/mesh/*.c)
CPPFLAGS += -Ibackends/serial/mesh
ifeq ($(HAVE_OPENMP),yes)
MESH_SOURCES += $(wildcard backends/openmp/mesh/*.c) $(wildcard $(KERNELS)/openmp/mesh/*.c)
CPPFLAGS += -Ibackends/openmp/mesh
endif
TEST_SOURCES += $(wildcard tests/mesh/*.c)
# shallows-mpi --mesh through mpirun, where MPI is built (backends/mpi/backend.mk).
ifneq ($(MPI_PROGRAM),)
TEST_SOURCES += $(wildcard tests/mesh_mpi/cli/*.c)
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/mesh_mpi/cli/*.c)): CPPFLAGS += -Itests
endif
# CUDA and OpenCL add their objects below.
MESH_OBJECTS = $(patsubst %.c,$(BUILD)/obj/%.o,$(MESH_SOURCES)) $(MESH_DEVICE_OBJECTS)
MESH_DEVICE_OBJECTS :=

# The suites of tests/mesh/ include the shared test headers.
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/mesh/*.c)): CPPFLAGS += -Itests

# The OpenCL backend: its kernels ($(KERNELS)/opencl/mesh/*.cl) and every
# header they include flattened into one string at build time, as the
# Cartesian OpenCL program is (tools/embed_opencl_source.sh).
ifeq ($(HAVE_OPENCL),yes)
MESH_OPENCL_SOURCES := $(wildcard $(KERNELS)/opencl/mesh/*.cl)
MESH_OPENCL_EMBEDDED := $(BUILD)/gen/mesh_opencl_program_source.c
MESH_SOURCES += $(wildcard backends/opencl/mesh/*.c)
MESH_DEVICE_OBJECTS += $(BUILD)/obj/gen/mesh_opencl_program_source.o
CPPFLAGS += -DSWE_MESH_WITH_OPENCL -Ibackends/opencl/mesh

$(MESH_OPENCL_EMBEDDED): $(MESH_OPENCL_SOURCES) $(wildcard common/*/*.h common/mesh/*/*.h \
		backends/opencl/mesh/*.h) tools/embed_opencl_source.sh
	@mkdir -p $(dir $@)
	tools/embed_opencl_source.sh $@ swe_mesh_opencl_program_source \
		"common backends/opencl/mesh" $(MESH_OPENCL_SOURCES)

$(BUILD)/obj/gen/mesh_opencl_program_source.o: $(MESH_OPENCL_EMBEDDED)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<
endif

# The CUDA backend, where nvcc is (backends/cuda/backend.mk). The AoS lab
# (001): make MESH_CUDA_LAYOUT=aos stores the state as (h, hu, hv)
# records; the flag enters NVCCFLAGS, so switching rebuilds the objects.
# IEEE arithmetic without contraction in both precisions, as on the CPU,
# so that the GPU agrees with serial to round-off (tests/mesh/): these
# kernels are bound by memory traffic, not arithmetic. So the Cartesian
# kernels' fp32 math (CUDA_MATH, backends/cuda/backend.mk) stays out: its
# SWE_APPROXIMATE_DIVIDE would take the friction's divisions off IEEE.
# The grade kit compiles a submitted triangle kernel with the same flags
# (MESH_NVCC_COMPILE, tools/teaching.mk).
MESH_CUDA_MATH := -fmad=false -prec-div=true -prec-sqrt=true -ftz=false
KIT_EXTRA_FIELDS += MESH_NVCC_COMPILE
KIT_V_MESH_NVCC_COMPILE = $(call kit_nvcc_compile,$(MESH_CUDA_MATH))
ifneq ($(CUDA_NVCC),)
MESH_CUDA_SOURCES := $(wildcard backends/cuda/mesh/*.cu) $(wildcard $(KERNELS)/cuda/mesh/*.cu)
MESH_CUDA_OBJECTS := $(patsubst %.cu,$(BUILD)/obj/%.o,$(MESH_CUDA_SOURCES))
MESH_DEVICE_OBJECTS += $(MESH_CUDA_OBJECTS)
$(MESH_CUDA_OBJECTS): CUDA_MATH := $(MESH_CUDA_MATH)
CPPFLAGS += -DSWE_MESH_WITH_CUDA -Ibackends/cuda/mesh
MESH_CUDA_LAYOUT ?= soa
ifeq ($(MESH_CUDA_LAYOUT),aos)
NVCCFLAGS += -DSWE_MESH_STATE_STRIDE=3
else ifneq ($(MESH_CUDA_LAYOUT),soa)
$(error MESH_CUDA_LAYOUT must be soa or aos, not '$(MESH_CUDA_LAYOUT)')
endif
-include $(patsubst %.cu,$(BUILD)/obj/%.d,$(MESH_CUDA_SOURCES))
# make cuda-objects (backends/cuda/backend.mk) compiles these too.
cuda-objects: $(MESH_CUDA_OBJECTS)
endif

# After every backend has added its sources (the OpenCL ones above), so
# that a header change rebuilds their objects too.
-include $(patsubst %.c,$(BUILD)/obj/%.d,$(MESH_SOURCES))

# make meshes: the meshes of 000's cases at its sizes (M1, M2, M3, about
# the triangle counts of its table 3) and the channel refinements, written
# by gmsh from common/mesh/geo/*.geo into build/meshes/ (the small meshes
# the tests use are committed beside the .geo files). name:geo:size.
MESH_DIR ?= build/meshes
GMSH ?= gmsh
MESH_TABLE := partial_dam_break_m1:partial_dam_break:2.26 \
    partial_dam_break_m2:partial_dam_break:0.49 \
    circular_dam_break_m1:circular_dam_break:0.846 \
    circular_dam_break_m2:circular_dam_break:0.41 \
    circular_dam_break_m3:circular_dam_break:0.205 \
    backward_facing_step_m1:backward_facing_step:0.225 \
    backward_facing_step_m2:backward_facing_step:0.1077 \
    backward_facing_step_m3:backward_facing_step:0.0531 \
    channel_5:channel:5 channel_2.5:channel:2.5 \
    square_1000_m1:square_1000:10 square_1000_m2:square_1000:2.3

.PHONY: meshes
## make meshes: the large meshes of every case with gmsh -> build/meshes/ (minutes)
meshes:
	@command -v $(GMSH) >/dev/null || { echo "make meshes needs gmsh (make deps installs it)" >&2; exit 2; }
	@mkdir -p $(MESH_DIR)
	@for entry in $(MESH_TABLE); do \
	    name=$${entry%%:*}; rest=$${entry#*:}; geo=$${rest%%:*}; size=$${rest#*:}; \
	    if [ ! -s $(MESH_DIR)/$$name.msh ]; then \
	        echo "gmsh: $(MESH_DIR)/$$name.msh (size $$size)"; \
	        $(GMSH) -2 -format msh41 -bin -setnumber size $$size -o $(MESH_DIR)/$$name.msh.tmp \
	            common/mesh/geo/$$geo.geo >/dev/null && mv $(MESH_DIR)/$$name.msh.tmp $(MESH_DIR)/$$name.msh \
	            || exit 1; \
	    fi; \
	done
