# The Cartesian application: shallow water on the blocks of a rectangular
# grid (common/cartesian/), on every model with a cartesian/ folder
# (backends/<model>/cartesian/, $(KERNELS)/<model>/cartesian/).
APPS += cartesian
cartesian_SOURCES = $(call sources,common/cartesian/*/*.c)
cartesian_TEST_SOURCES = $(call sources,tests/cartesian/*.c)

# The edge loops of the serial kernels (which OpenMP and MPI call too) run
# 1.2-1.6x faster with AVX-512's width where the CPU has it
# (docs/RESULTS.md); without AVX-512 the preference changes nothing.
CARTESIAN_VECTOR_WIDTH ?= $(if $(filter x86_64,$(shell uname -m)),-mprefer-vector-width=512)
$(BUILD)/obj/$(KERNELS)/serial/cartesian/serial_kernels.o $(BUILD)/obj/backends/serial/cartesian/serial_rows.o: \
    CFLAGS += $(CARTESIAN_VECTOR_WIDTH)
STAMPED_FLAGS += $(CARTESIAN_VECTOR_WIDTH)

# Without NetCDF its maps, checkpoints, gauges and input files are refused
# by the stand-in, and the suites that read them are left out.
CARTESIAN_NETCDF_SOURCES := $(addprefix common/cartesian/io/,checkpoint.c checkpoint_record.c \
    netcdf_checkpoint_cf.c netcdf_gauges.c netcdf_input.c netcdf_layout.c netcdf_output.c netcdf_read.c \
    netcdf_series.c)
ifeq ($(HAVE_NETCDF),yes)
DROPPED += common/cartesian/io/netcdf_unavailable.c
else
DROPPED += $(CARTESIAN_NETCDF_SOURCES) $(addprefix tests/cartesian/,test_netcdf.c test_checkpoint.c \
    test_netcdf_input.c test_cf_input.c test_cf_output.c test_geographic.c cf_test_file.c) \
    $(wildcard tests/cartesian/test_fault_*.c)
endif
ifneq ($(HAVE_PNG),yes)
DROPPED += tests/cartesian/test_png.c
endif
ifeq ($(filter openmp,$(MODELS)),)
DROPPED += tests/cartesian/test_openmp.c
endif
ifeq ($(filter pthreads,$(MODELS)),)
DROPPED += tests/cartesian/test_pthreads.c
endif
ifeq ($(filter omptarget,$(MODELS)),)
DROPPED += tests/cartesian/test_omptarget.c
endif

# shallows-validate: the runs behind make validate (tools/validate/).
TOOL_PROGRAMS += shallows-validate
shallows-validate_MAIN := tools/validate/validate.c
shallows-validate_APPS := cartesian
shallows-validate_OBJECTS = $(call objects,$(addprefix tools/validate/,validate_cases.c \
    validate_commands.c validate_numerics.c radial_reference.c))
