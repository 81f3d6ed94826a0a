# The OpenCL backend, built where the OpenCL headers and the ICD loader are
# installed (ocl-icd-opencl-dev, opencl-headers; 'make deps'). Its kernels
# (backends/opencl/*.cl and $(KERNELS)/opencl/*.cl, one file per level) and
# every header they include (common/, backends/opencl/*.h,
# $(KERNELS)/opencl/*.clh) are flattened into one C string at build time,
# so the binary needs no source files at run time; the device compiles it
# at init.
HAVE_OPENCL ?= $(if $(and $(wildcard /usr/include/CL/cl.h),$(wildcard /usr/lib/*/libOpenCL.so /usr/lib/libOpenCL.so /usr/lib64/libOpenCL.so)),yes,no)

ifeq ($(HAVE_OPENCL),yes)
OPENCL_KERNEL_SOURCES := $(sort $(wildcard backends/opencl/*.cl)) $(sort $(wildcard $(KERNELS)/opencl/*.cl))
OPENCL_INCLUDE_DIRS := common backends/opencl $(KERNELS)/opencl
OPENCL_EMBEDDED := $(BUILD)/gen/opencl_program_source.c

BACKEND_SOURCES += $(wildcard backends/opencl/*.c)
EXTRA_OBJECTS += $(BUILD)/obj/gen/opencl_program_source.o
CPPFLAGS += -DSWE_WITH_OPENCL -DCL_TARGET_OPENCL_VERSION=120 -Ibackends/opencl
LDLIBS += -lOpenCL

$(OPENCL_EMBEDDED): $(OPENCL_KERNEL_SOURCES) $(wildcard common/*/*.h backends/opencl/*.h) \
		$(wildcard $(KERNELS)/opencl/*.clh) \
		tools/embed_opencl_source.sh
	@mkdir -p $(dir $@)
	tools/embed_opencl_source.sh $@ swe_opencl_program_source "$(OPENCL_INCLUDE_DIRS)" \
		$(OPENCL_KERNEL_SOURCES)

$(BUILD)/obj/gen/opencl_program_source.o: $(OPENCL_EMBEDDED)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<
endif
