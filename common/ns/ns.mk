# The ns application: incompressible Navier-Stokes on a staggered 3D grid
# (common/ns/), the program shallows-ns, built wherever FFTW is installed
# (libfftw3-dev); without it the rest of shallows builds as before.
ifeq ($(HAVE_FFTW),yes)
APPS += ns
ns_SOURCES = $(call sources,common/ns/*/*.c)
ns_TEST_SOURCES = $(call sources,tests/ns/*.c)
ns_LIBS := $(FFTW_LIBS)
# The CUDA backend's preconditioner transforms with cuFFT; the OpenCL
# backend's with clFFT where it is installed, else on the host with FFTW.
ns_LIBS_cuda := -lcufft
ifeq ($(HAVE_CLFFT)$(filter opencl,$(MODELS)),yesopencl)
ns_LIBS_opencl := $(CLFFT_LIBS)
CPPFLAGS += -DNS_WITH_CLFFT
DROPPED += backends/opencl/ns/ns_clfft_unavailable.c
else
DROPPED += backends/opencl/ns/ns_clfft.c tests/ns/test_ns_opencl.c
endif
CPPFLAGS += -DSWE_WITH_NS
ifeq ($(filter cuda,$(MODELS)),)
DROPPED += tests/ns/test_ns_cuda.c
endif
# Checkpoints are NetCDF files: without NetCDF a stand-in refuses them.
ifeq ($(HAVE_NETCDF),yes)
DROPPED += common/ns/model/ns_checkpoint_unavailable.c
else
DROPPED += common/ns/model/ns_checkpoint.c tests/ns/test_ns_restart.c
endif

# NS_CUDA_PREFETCH=N: level 3 with N planes in flight instead of 2, for a
# comparison (tools/device/navier_stokes_check.sh removes the object around it).
ifneq ($(NS_CUDA_PREFETCH),)
$(BUILD)/obj/$(KERNELS)/cuda/ns/ns_cuda_momentum_level3.o: NVCCFLAGS += -DNS_CUDA_PREFETCH_PLANES=$(NS_CUDA_PREFETCH)
endif

# The CUDA momentum kernels compiled as C++ and run on CPU threads (the
# ns_cuda_host suite: their tiles and barriers checked without a GPU);
# tests/ns/cuda_host/stub/ stands in for the CUDA headers.
CXX := $(if $(filter default,$(origin CXX)),g++,$(CXX))
NS_CUDA_HOST_OBJECTS := $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard tests/ns/cuda_host/*.cpp))
TEST_EXTRA_OBJECTS += $(NS_CUDA_HOST_OBJECTS)
TEST_LIBS += -lstdc++ -pthread
# $(call ns_cuda_host_compile,ROOT): ROOT holds the kernel sources (the
# sandbox's submission/ in the grade kit).
ns_cuda_host_compile = $(CXX) -Itests/ns/cuda_host/stub $(patsubst $(KERNEL_ROOT),-I$(1),$(CPPFLAGS)) \
    -std=c++17 -pthread $(filter-out -Wstrict-prototypes -Wmissing-prototypes,$(WARNINGS)) \
    -Wno-unknown-pragmas -Wno-unused-function $(OPTIMISE)
$(BUILD)/obj/tests/ns/cuda_host/%.o: tests/ns/cuda_host/%.cpp $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(call ns_cuda_host_compile,$(KERNELS)) -MMD -MP -c -o $@ $<
-include $(NS_CUDA_HOST_OBJECTS:.o=.d)
# The sandboxed build of a submission (tools/teaching/grading/kit.py)
# compiles the same emulation against the submission's kernels: the kit
# names it. EMULATED_SLOTS: the kernel files graded this way, so without
# nvcc too.
# EMULATION_OBJECTS: the same compiled against skeletons/, for the exercises
# that take none of those files (tools/teaching/teaching.mk compiles them).
KIT_EXTRA_FIELDS += EMULATION_COMPILE EMULATION_SOURCES EMULATION_OBJECTS EMULATION_LIBS \
    EMULATED_SLOTS
KIT_NOT_PLUMBING += $(NS_CUDA_HOST_OBJECTS)
kit_emulation_compile = $(call ns_cuda_host_compile,$(1))
KIT_V_EMULATION_COMPILE = $(call kit_emulation_compile,submission)
KIT_V_EMULATION_SOURCES = $(wildcard tests/ns/cuda_host/*.cpp)
KIT_V_EMULATION_OBJECTS = $(patsubst %.cpp,$(KIT)/obj/%.o,$(KIT_V_EMULATION_SOURCES))
KIT_V_EMULATION_LIBS = -lstdc++ -pthread
KIT_V_EMULATED_SLOTS = $(patsubst $(KIT_KERNELS)/%,%,$(wildcard $(KIT_KERNELS)/cuda/ns/*.cu))

PROGRAMS += shallows-ns
shallows-ns_MAIN := common/programs/shallows_ns.c
shallows-ns_APPS := ns

.PHONY: ns run-ns bench-ns
## make ns: build/<precision>/shallows-ns alone
ns: $(BUILD)/shallows-ns

## make run-ns: the Kelvin-Helmholtz shear layer at 64^3 on 2 OpenMP threads, pictures of the
## roll-up at the published times in output/kelvin-helmholtz_NNNN.png (and .nc, .pvd)
run-ns: deps
	@$(MAKE) --no-print-directory ns
	@mkdir -p output
	$(BUILD)/shallows-ns --case kelvin-helmholtz --backend $(if $(filter openmp,$(MODELS)),openmp,serial) \
	    --outputs 58 --output output/kelvin-helmholtz --format netcdf,vtk,png
	@echo "Look at it: output/kelvin-helmholtz_0020.png (t = 0.3 s), _0031 (0.465 s), _0058 (0.87 s);"
	@echo "paraview output/kelvin-helmholtz.pvd | ncview output/kelvin-helmholtz.nc"

## make bench-ns: the ns application's part of make bench alone
bench-ns:
	@MAKE="$(MAKE)" tools/bench/bench_navier_stokes.sh
else
# Without FFTW the grade kit leaves these kernels out (tools/teaching/teaching.mk).
KIT_SLOTS_NOT_BUILT += serial/ns/% openmp/ns/% cuda/ns/%
endif
