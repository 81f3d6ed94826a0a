# The CUDA model, wherever nvcc is found (PATH or /usr/local/cuda): its
# sources (.cu) compile with nvcc, and the shared numerics headers compile
# unchanged as CUDA.
CUDA_NVCC := $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc))
ifneq ($(CUDA_NVCC),)
MODELS += cuda
CUDA_HOME := $(patsubst %/bin/nvcc,%,$(realpath $(CUDA_NVCC)))
CPPFLAGS += -DSWE_WITH_CUDA
MODEL_LIBS_cuda := -L$(CUDA_HOME)/lib64 -Wl,-rpath,$(CUDA_HOME)/lib64 -lcudart -lstdc++
# Hopper machine code plus portable PTX for later GPUs. The GPU need not
# reproduce serial's bits (fp64 agrees to 1e-12, fp32 to the tolerance in
# tests/cartesian/agreement_check.c), so nvcc contracts a*b+c into FMAs; fp32
# divides and takes square roots with the hardware's approximations and
# flushes denormals, which takes the division and square root sequences of
# the solvers off the instruction-bound fused step (docs/RESULTS-cuda.md).
# fp64 keeps IEEE division and square root. An application may take other
# flags for its objects (CUDA_MATH per target: common/mesh/mesh.mk).
CUDA_ARCH ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90
NVCCFLAGS ?= -O3 -std=c++20 $(CUDA_ARCH) -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror
ifeq ($(PRECISION),single)
CUDA_MATH ?= -prec-div=false -prec-sqrt=false -ftz=true -DSWE_APPROXIMATE_DIVIDE=1
endif
# Extra flags for one build, e.g. CUDA_EXTRA=-Xptxas=-v for the resource report.
CUDA_EXTRA ?=
STAMPED_FLAGS += $(NVCCFLAGS) $(CUDA_MATH) $(CUDA_EXTRA)

$(BUILD)/obj/%.o: %.cu $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CUDA_NVCC) $(CPPFLAGS) $(NVCCFLAGS) $(CUDA_MATH) $(CUDA_EXTRA) -MMD -MP -c -o $@ $<

## make cuda-objects: compile every CUDA source of every application with warnings as
## errors, no GPU needed (.ci/run runs it for solutions and skeletons, both precisions)
define cuda_late_rules
cuda-objects: $(foreach a,$(APPS),$(call objects,$(filter %.cu,$(call model_app_sources,cuda,$(a)))))
endef
LATE_RULES += cuda_late_rules
else
cuda-objects:
	@echo "cuda-objects: no nvcc here (PATH or /usr/local/cuda/bin): nothing to compile"
endif
.PHONY: cuda-objects
