# The mesh application: shallow water on unstructured triangles read from
# GMSH files (common/mesh/), run by `shallows --mesh FILE` on every model
# with a mesh/ folder; `make meshes` writes the large meshes of every case
# with gmsh.
APPS += mesh
mesh_SOURCES = $(call sources,common/mesh/*/*.c)
mesh_TEST_SOURCES = $(call sources,tests/mesh/*.c)
ifeq ($(HAVE_NETCDF),yes)
DROPPED += common/mesh/io/mesh_netcdf_unavailable.c
else
DROPPED += common/mesh/io/mesh_netcdf.c common/mesh/io/mesh_netcdf_records.c \
    common/mesh/io/mesh_netcdf_series.c
endif
# METIS partitions a mesh over MPI ranks (tools/build/libraries.mk finds it).
ifeq ($(HAVE_METIS),yes)
DROPPED += common/mesh/partition/mesh_partition_metis_unavailable.c
CPPFLAGS += $(METIS_CFLAGS)
mesh_LIBS := $(METIS_LIBS)
else
DROPPED += common/mesh/partition/mesh_partition_metis.c
endif
ifeq ($(filter omptarget,$(MODELS)),)
DROPPED += tests/mesh/test_mesh_omptarget.c
endif

# The CUDA kernels keep IEEE arithmetic without contraction in both
# precisions, as on the CPU, so that the GPU agrees with serial to
# round-off (tests/mesh/): they are bound by memory traffic, not by
# arithmetic. So the Cartesian kernels' fp32 math (CUDA_MATH,
# backends/cuda/model.mk) stays out: its SWE_APPROXIMATE_DIVIDE would take
# friction's divisions off IEEE. The grade kit compiles a submitted mesh
# kernel with the same flags (MESH_NVCC_COMPILE, tools/teaching/teaching.mk).
MESH_CUDA_MATH := -fmad=false -prec-div=true -prec-sqrt=true -ftz=false
$(BUILD)/obj/backends/cuda/mesh/%.o $(BUILD)/obj/$(KERNELS)/cuda/mesh/%.o: CUDA_MATH := $(MESH_CUDA_MATH)
KIT_EXTRA_FIELDS += MESH_NVCC_COMPILE
KIT_V_MESH_NVCC_COMPILE = $(call kit_nvcc_compile,$(MESH_CUDA_MATH),submission)
# The AoS lab (after Optimized GPU n.d.): make MESH_CUDA_LAYOUT=aos stores the
# state as (h, hu, hv) records; the flag enters NVCCFLAGS, so switching
# rebuilds the objects.
MESH_CUDA_LAYOUT ?= soa
ifeq ($(MESH_CUDA_LAYOUT),aos)
NVCCFLAGS += -DSWE_MESH_STATE_STRIDE=3
else ifneq ($(MESH_CUDA_LAYOUT),soa)
$(error MESH_CUDA_LAYOUT must be soa or aos, not '$(MESH_CUDA_LAYOUT)')
endif

## make validate-mesh: the mesh cases alone -> docs/VALIDATION.md (Triangles), docs/mesh/
## (about 10 minutes here; VALIDATE_MESH_LONG=1 adds the M2 meshes and the step on M2, M3: GPU machine)
.PHONY: validate-mesh meshes bench-mesh
validate-mesh: deps meshes
	@$(MAKE) --no-print-directory PRECISION=double build/double/shallows build/double/shallows-validate
	python3 tools/validate/validate_mesh.py $(if $(VALIDATE_MESH_LONG),--long)

## make bench-mesh: the mesh application's half of make bench alone
bench-mesh:
	@MAKE="$(MAKE)" tools/bench/bench_mesh.sh

# make meshes: the meshes of the cases of Roe-MUSCL GPU n.d. at its sizes (M1, M2, M3,
# about the triangle counts of its table 3) and the channel
# refinements, written by gmsh from common/mesh/geo/*.geo into build/meshes/
# (the small meshes the tests use are committed beside the .geo files).
# name:geo:size.
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
