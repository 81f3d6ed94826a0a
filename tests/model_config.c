#include "tests/model_config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SWE_TEST_<NAME> for option name: "cl-device" -> SWE_TEST_CL_DEVICE. */
static const char *option_from_environment(const char *name)
{
    char variable[64] = "SWE_TEST_";
    size_t length = strlen(variable);
    for (; *name != '\0' && length + 1 < sizeof variable; ++name) {
        variable[length++] = *name == '-' ? '_' : (char)toupper((unsigned char)*name);
    }
    variable[length] = '\0';
    return getenv(variable);
}

swe_model_config swe_test_model_config(const swe_programming_model *model, int level, int threads)
{
    static char thread_count[16];
    swe_model_config config = {.level = level};
    for (int o = 0; model != NULL && o < model->option_count; ++o) {
        const swe_model_option *option = &model->options[o];
        if (option->action != NULL) {
            continue;
        }
        config.option_values[option->slot] = option_from_environment(option->name);
        if (threads > 0 && strcmp(option->name, "threads") == 0) {
            snprintf(thread_count, sizeof thread_count, "%d", threads);
            config.option_values[option->slot] = thread_count;
        }
    }
    return config;
}
