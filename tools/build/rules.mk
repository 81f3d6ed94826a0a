# The generic rules of the build (included by the Makefile after every
# fragment): how a source becomes an object, the shared core as one static
# library, the programs and the test program. A fragment only names its
# sources; nothing here names a model or an application.

# The shared core: common/core, io, run and shallow_water, and each model's
# own plumbing (backends/<model>/*.c), as one static library, so that a
# program links only what it uses.
CORE_SOURCES = $(call sources,$(addsuffix /*.c,common/core common/io common/run common/shallow_water) \
    $(foreach m,$(MODELS) $(TEST_MODELS),$(call model_dir,$(m))/*.c $(call model_dir,$(m))/*.cu))
CORE_LIBRARY := $(BUILD)/libshallows-core.a
CORE_OBJECTS = $(call objects,$(CORE_SOURCES))

# Every object depends on the flags it was compiled with (FLAGS_STAMP is
# rewritten whenever they change): switching a model or a library on or
# off, as `CUDA_NVCC=` or `HAVE_NETCDF=no` do, rebuilds what it affects
# instead of linking objects of another configuration. Goals that build
# nothing (config, help, clean, print-program) leave it as it is.
FLAGS_STAMP := $(BUILD)/compile-flags
FLAGS_NOW := $(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(LDLIBS) $(STAMPED_FLAGS) $(MODELS) $(APPS)
DIAGNOSTIC_GOALS := config help clean print-program
ifneq ($(filter-out $(DIAGNOSTIC_GOALS),$(or $(MAKECMDGOALS),all)),)
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(FLAGS_STAMP),$(FLAGS_NOW))
endif
endif
$(FLAGS_STAMP): ;

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(CORE_LIBRARY): $(CORE_OBJECTS)
	@rm -f $@
	$(AR) rcs $@ $^

# A program: $(1)_MAIN, the applications $(1)_APPS on every model built,
# $(1)_OBJECTS besides, linked by $(1)_LINKER (default $(CC)) with
# $(1)_LIBS besides those of its applications and models, and the
# libraries of the build or, where it names its own, $(1)_LDLIBS.
define program_rule
$(BUILD)/$(1): $(call objects,$($(1)_MAIN)) $(foreach a,$($(1)_APPS),$(call app_objects,$(a),$(MODELS))) \
		$($(1)_OBJECTS) $(CORE_LIBRARY)
	$$(or $$($(1)_LINKER),$$(CC)) $$(LDFLAGS) -o $$@ $$^ $$($(1)_LIBS) \
	    $(foreach a,$($(1)_APPS),$(call app_libs,$(a),$(MODELS))) $$(or $$($(1)_LDLIBS),$$(LDLIBS))
endef
$(foreach p,$(PROGRAMS) $(TOOL_PROGRAMS),$(eval $(call program_rule,$(p))))

# The rules a fragment could only write once every fragment was read
# (LATE_RULES names them: the models' rules over every application).
$(foreach r,$(LATE_RULES),$(eval $(call $(r))))

# shallows-tests: the suites of the core (tests/core, tests/shallow_water)
# and of every application, on every model and the test-only ones, which
# the suites find in the registry as any other.
TEST_PROGRAM := $(BUILD)/shallows-tests
ALL_TEST_MODELS = $(MODELS) $(filter-out $(MODELS),$(TEST_MODELS))
TEST_SOURCES = $(call sources,tests/*.c tests/core/*.c tests/shallow_water/*.c) \
    $(foreach a,$(APPS),$($(a)_TEST_SOURCES))
TEST_OBJECTS = $(call objects,$(TEST_SOURCES)) $(TEST_EXTRA_OBJECTS)
$(TEST_PROGRAM): $(TEST_OBJECTS) $(foreach a,$(APPS),$(call app_objects,$(a),$(ALL_TEST_MODELS))) \
		$(CORE_LIBRARY)
	$(CC) $(LDFLAGS) -o $@ $^ $(CUNIT_LIBS) $(TEST_LIBS) \
	    $(foreach a,$(APPS),$(call app_libs,$(a),$(ALL_TEST_MODELS))) $(LDLIBS)

# Every object's header dependencies, once every fragment has named its sources.
ALL_OBJECTS = $(CORE_OBJECTS) $(TEST_OBJECTS) \
    $(foreach a,$(APPS),$(call app_objects,$(a),$(ALL_TEST_MODELS)) $(call objects,$($(a)_TEST_SOURCES))) \
    $(foreach p,$(PROGRAMS) $(TOOL_PROGRAMS),$(call objects,$($(p)_MAIN)) $($(p)_OBJECTS))
-include $(patsubst %.o,%.d,$(filter %.o,$(ALL_OBJECTS)))
