# The shadow model, a test double (tests/backends/shadow/): each
# application's serial kernels on a private copy of its state, as a device
# keeps its own. shallows-tests always has it, so that the suites show a
# model is tested by being registered; `make TEST_MODELS_IN_PROGRAMS=shadow` builds it
# into the programs too (in a build folder of its own), so that make bench
# can be shown to fail a wrong model:
# `SWE_SHADOW_FAULT=1e-3 make bench TEST_MODELS_IN_PROGRAMS=shadow BENCH_BACKENDS=shadow`.
MODEL_DIR_shadow := tests/backends/shadow
TEST_MODELS += shadow
ifneq ($(filter shadow,$(TEST_MODELS_IN_PROGRAMS)),)
MODELS += shadow
endif
