# The CUDA backend, built only where nvcc is found (PATH or /usr/local/cuda).
# Its objects are compiled by nvcc and linked into both programs through
# EXTRA_OBJECTS; the numerics headers in common/ compile unchanged as CUDA.
CUDA_NVCC := $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc))
ifneq ($(CUDA_NVCC),)
CUDA_HOME := $(patsubst %/bin/nvcc,%,$(realpath $(CUDA_NVCC)))
CUDA_SOURCES := $(wildcard backends/cuda/*.cu) $(wildcard $(KERNELS)/cuda/*.cu)
CUDA_OBJECTS := $(patsubst %.cu,$(BUILD)/obj/%.o,$(CUDA_SOURCES))
EXTRA_OBJECTS += $(CUDA_OBJECTS)
CPPFLAGS += -DSWE_WITH_CUDA -Ibackends/cuda
LDLIBS += -L$(CUDA_HOME)/lib64 -Wl,-rpath,$(CUDA_HOME)/lib64 -lcudart -lstdc++
# Hopper machine code plus portable PTX for later GPUs. --fmad=false keeps
# a*b+c as two roundings, as -ffp-contract=off does on the CPU, so the GPU
# computes the same numbers as the serial reference; divisions and square
# roots stay IEEE-exact (no --use_fast_math).
CUDA_ARCH ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
NVCCFLAGS ?= -O3 -std=c++20 $(CUDA_ARCH) --fmad=false -Werror all-warnings \
	-Xcompiler -Wall,-Wextra,-Werror
# Extra flags for one build, e.g. CUDA_EXTRA=-Xptxas=-v for the resource report.
CUDA_EXTRA ?=

$(BUILD)/obj/%.o: %.cu
	@mkdir -p $(dir $@)
	$(CUDA_NVCC) $(CPPFLAGS) $(NVCCFLAGS) $(CUDA_EXTRA) -MMD -MP -c -o $@ $<
endif
