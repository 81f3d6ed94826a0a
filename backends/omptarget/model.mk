# The OpenMP target offload model, wherever GCC can offload to NVIDIA GPUs
# (-foffload=nvptx-none: the Debian packages gcc-12-offload-nvptx, and
# libgomp-plugin-nvptx1 to run on a GPU; make deps installs them). Without
# a GPU the runtime runs the target regions on the host.
OMPTARGET_OFFLOAD ?= nvptx-none
# The device side: PTX for sm_80 (Ampere and later; GCC 12's default,
# sm_30, is refused by the ptxas of recent CUDA releases that GCC checks
# its PTX with) and the device's libm.
OMPTARGET_NVPTX_FLAGS := -foffload=$(OMPTARGET_OFFLOAD) \
    '-foffload-options=$(OMPTARGET_OFFLOAD)=-misa=sm_80 -lm'
OMPTARGET_HASH := \#
omptarget_links = $(shell printf 'int main(void)\n{\nint x = 0;\n$(OMPTARGET_HASH)pragma omp target map(tofrom : x)\nx = 1;\nreturn !x;\n}\n' | \
    $(CC) -fopenmp $(1) -x c - -o /dev/null 2>/dev/null && echo yes)
HAVE_OMPTARGET_OFFLOAD ?= $(call omptarget_links,$(OMPTARGET_NVPTX_FLAGS))
# Without GCC's offload compiler the target regions are built for the host
# alone, as the runtime runs them where no GPU is (so that the model and
# exercise 20 work on any machine with OpenMP).
HAVE_OMPTARGET ?= $(if $(filter yes,$(HAVE_OMPTARGET_OFFLOAD)),yes,$(call omptarget_links,-foffload=disable))
OMPTARGET_DEVICE_FLAGS := $(if $(filter yes,$(HAVE_OMPTARGET_OFFLOAD)),$(OMPTARGET_NVPTX_FLAGS),-foffload=disable)
# Under the sanitizers the target regions are built for the host alone:
# their checks have no device counterpart (GCC 12 stops at the link:
# "referenced in offloaded code but hasn't been marked").
ifneq ($(SANITIZE),)
OMPTARGET_DEVICE_FLAGS := -foffload=disable
endif
ifeq ($(HAVE_OMPTARGET),yes)
MODELS += omptarget
CPPFLAGS += -DSWE_WITH_OMPTARGET
CFLAGS += -fopenmp $(OMPTARGET_DEVICE_FLAGS)
# The offload table GCC 12 links in has a relocation in read-only data:
# allowed, so that the linker does not warn about it.
LDFLAGS += -fopenmp $(OMPTARGET_DEVICE_FLAGS) -Wl,-z,notext
else
$(info omptarget: $(CC) cannot build OpenMP target regions; the OpenMP target model is left out)
endif
