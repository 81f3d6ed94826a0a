# The OpenCL model, where the OpenCL headers and the ICD loader are installed
# (ocl-icd-opencl-dev, opencl-headers; `make deps`). An application's
# kernels (backends/opencl/<app>/*.cl and $(KERNELS)/opencl/<app>/*.cl) and
# every header they include are flattened into one C string at build time
# (tools/build/embed_opencl_source.sh), so that a program needs no source
# file at run time; the device compiles it at init.
HAVE_OPENCL ?= $(if $(and $(wildcard /usr/include/CL/cl.h),$(wildcard /usr/lib/*/libOpenCL.so /usr/lib/libOpenCL.so /usr/lib64/libOpenCL.so)),yes,no)
ifeq ($(HAVE_OPENCL),yes)
MODELS += opencl
CPPFLAGS += -DSWE_WITH_OPENCL -DCL_TARGET_OPENCL_VERSION=120
MODEL_LIBS_opencl := -lOpenCL
# The roots an OpenCL source's includes are found under, as a C file's.
OPENCL_INCLUDE_DIRS = common . $(KERNELS)
opencl_sources = $(sort $(wildcard backends/opencl/$(1)/*.cl)) $(sort $(wildcard $(KERNELS)/opencl/$(1)/*.cl))
# The generated object that holds application $(1)'s program source,
# as the C array swe_$(1)_opencl_program_source.
opencl_app_objects = $(if $(call opencl_sources,$(1)),$(BUILD)/obj/gen/$(1)_opencl_source.o)
OPENCL_HEADERS = $(wildcard common/*/*.h common/*/*/*.h backends/opencl/*.h backends/opencl/*/*.h \
    $(KERNELS)/opencl/*/*.clh)
define opencl_late_rules
$(foreach a,$(APPS),$(if $(call opencl_sources,$(a)),
$(BUILD)/gen/$(a)_opencl_source.c: $(call opencl_sources,$(a)) $(OPENCL_HEADERS) tools/build/embed_opencl_source.sh
	@mkdir -p $$(dir $$@)
	tools/build/embed_opencl_source.sh $$@ swe_$(a)_opencl_program_source "$(OPENCL_INCLUDE_DIRS)" \
	    $(call opencl_sources,$(a))
))
endef
LATE_RULES += opencl_late_rules

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<
endif
