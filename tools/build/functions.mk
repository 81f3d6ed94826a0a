# The functions the fragments and the generic rules share (included by the
# Makefile before any fragment): which sources a pattern names, their
# objects, and what a model brings to an application.

# The sources matching patterns $(1), less those of a missing library.
sources = $(filter-out $(DROPPED),$(wildcard $(1)))
objects = $(patsubst %,$(BUILD)/obj/%.o,$(basename $(1)))

# Where model $(1) keeps its plumbing: backends/<model>/, unless its
# fragment says otherwise (MODEL_DIR_shadow). Its kernels are in
# $(KERNELS)/<model>/.
model_dir = $(or $(MODEL_DIR_$(1)),backends/$(1))
# The sources of model $(1) for application $(2): plumbing and kernels.
model_app_sources = $(call sources,$(foreach d,$(call model_dir,$(1))/$(2) $(KERNELS)/$(1)/$(2),$(d)/*.c $(d)/*.cu))
# The models of $(2) (default: MODELS) that serve application $(1): those
# with a folder for it.
app_models = $(foreach m,$(or $(2),$(MODELS)),$(if $(wildcard $(call model_dir,$(m))/$(1)/*),$(m)))
# The objects of application $(1) on the models $(2): its own, then each
# model's for it (a model may add generated ones: <model>_app_objects).
app_objects = $(call objects,$($(1)_SOURCES) $(foreach m,$(2),$(call model_app_sources,$(m),$(1)))) \
    $(foreach m,$(call app_models,$(1),$(2)),$(call $(m)_app_objects,$(1)))
# The libraries of application $(1) on the models $(2).
app_libs = $($(1)_LIBS) $(foreach m,$(call app_models,$(1),$(2)),$(MODEL_LIBS_$(m)) $($(1)_LIBS_$(m)))

