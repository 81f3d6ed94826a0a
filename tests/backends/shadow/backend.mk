# The shadow backend (shadow_backend.c: serial's kernels on a private copy of
# the arrays), a test double. shallows-tests always has it: the test program
# links a registry compiled with SWE_WITH_SHADOW in place of the library's.
# `make WITH_SHADOW=yes` builds it into shallows as well (in a build folder
# of its own), so that make bench can be shown to fail a wrong backend:
# `SWE_SHADOW_FAULT=1e-3 make bench WITH_SHADOW=yes BENCH_BACKENDS=shadow`.
SHADOW_SOURCES := $(wildcard tests/backends/shadow/*.c)

ifeq ($(WITH_SHADOW),yes)
BACKEND_SOURCES += $(SHADOW_SOURCES)
CPPFLAGS += -DSWE_WITH_SHADOW
else
SHADOW_REGISTRY := $(BUILD)/obj/tests/backends/shadow/registry.o
TEST_ONLY_OBJECTS += $(patsubst %.c,$(BUILD)/obj/%.o,$(SHADOW_SOURCES)) $(SHADOW_REGISTRY)
TEST_REPLACED_OBJECTS += $(BUILD)/obj/common/grid/backends.o

$(SHADOW_REGISTRY): common/grid/backends.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -DSWE_WITH_SHADOW $(CFLAGS) -c -o $@ $<
endif
