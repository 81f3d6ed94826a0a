# The shadow model, a test double (tests/backends/shadow/): each
# application's serial kernels on a private copy of its state, as a device
# keeps its own. shallows-tests always has it, so that the suites show a
# model is tested by being registered; `make WITH_SHADOW=yes` builds it
# into the programs too (in a build folder of its own), so that make bench
# can be shown to fail a wrong model:
# `SWE_SHADOW_FAULT=1e-3 make bench WITH_SHADOW=yes BENCH_BACKENDS=shadow`.
MODEL_DIR_shadow := tests/backends/shadow
TEST_MODELS += shadow
ifeq ($(WITH_SHADOW),yes)
MODELS += shadow
endif
