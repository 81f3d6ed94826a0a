# The triangle solver (common/mesh/, included by the Makefile after the
# backends' fragments). Its core, its backends' plumbing
# (backends/<model>/mesh/) and kernels ($(KERNELS)/<model>/mesh/) are
# linked into every program; its suites (tests/mesh/) into shallows-tests;
# its driver is $(BUILD)/shallows-mesh; `make meshes` writes the large
# meshes of every case with gmsh.

MESH_CORE_SOURCES := $(filter-out common/mesh/run/%,$(wildcard common/mesh/*/*.c))
ifeq ($(HAVE_NETCDF),yes)
MESH_CORE_SOURCES := $(filter-out common/mesh/io/mesh_netcdf_unavailable.c,$(MESH_CORE_SOURCES))
else
MESH_CORE_SOURCES := $(filter-out common/mesh/io/mesh_netcdf.c,$(MESH_CORE_SOURCES))
endif
CORE_SOURCES += $(MESH_CORE_SOURCES)
BACKEND_SOURCES += $(wildcard backends/serial/mesh/*.c) $(wildcard $(KERNELS)/serial/mesh/*.c)
CPPFLAGS += -Ibackends/serial/mesh
ifeq ($(HAVE_OPENMP),yes)
BACKEND_SOURCES += $(wildcard backends/openmp/mesh/*.c) $(wildcard $(KERNELS)/openmp/mesh/*.c)
CPPFLAGS += -Ibackends/openmp/mesh
endif
TEST_SOURCES += $(wildcard tests/mesh/*.c)

MESH_PROGRAM := $(BUILD)/shallows-mesh
MESH_MAIN_OBJECTS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard common/mesh/run/*.c))

all: $(MESH_PROGRAM)

.SECONDEXPANSION:
$(MESH_PROGRAM): $(MESH_MAIN_OBJECTS) $$(LIBRARY_OBJECTS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

-include $(MESH_MAIN_OBJECTS:.o=.d)

# The suites of tests/mesh/ include the shared test headers.
$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/mesh/*.c)): CPPFLAGS += -Itests
# The mesh-cli suite runs shallows-mesh.
check: $(MESH_PROGRAM)

# The OpenCL backend: its kernels ($(KERNELS)/opencl/mesh/*.cl) and every
# header they include flattened into one string at build time, as the
# Cartesian OpenCL program is (tools/embed_opencl_source.sh).
ifeq ($(HAVE_OPENCL),yes)
MESH_OPENCL_SOURCES := $(wildcard $(KERNELS)/opencl/mesh/*.cl)
MESH_OPENCL_EMBEDDED := $(BUILD)/gen/mesh_opencl_program_source.c
BACKEND_SOURCES += $(wildcard backends/opencl/mesh/*.c)
EXTRA_OBJECTS += $(BUILD)/obj/gen/mesh_opencl_program_source.o
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
