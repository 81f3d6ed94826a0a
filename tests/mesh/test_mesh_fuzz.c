/* The reader under attack: every truncation of every test file, random
 * byte changes, huge and negative numbers in place of counts and tags,
 * NaN and infinite coordinates. Each variant must be read or refused with
 * SWE_ERROR_USAGE - no crash, no hang, no read past the data, no huge
 * allocation (run under ASan/UBSan by make test). SWE_MESH_FUZZ_ROUNDS
 * raises the number of random variants for a longer campaign. */
#include "mesh/geometry/mesh.h"
#include "mesh/gmsh/msh_reader.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const files[] = {
    SWE_MESH_TEST_DATA "unit_square_22_ascii.msh", SWE_MESH_TEST_DATA "unit_square_22_binary.msh",
    SWE_MESH_TEST_DATA "unit_square_41_ascii.msh", SWE_MESH_TEST_DATA "unit_square_41_binary.msh"};

static unsigned char *read_whole(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    unsigned char *bytes = malloc(1 << 16);
    *size = fread(bytes, 1, 1 << 16, file);
    fclose(file);
    CU_ASSERT_FATAL(*size > 0 && *size < (1 << 16));
    return bytes;
}

/* Parses and builds; returns the status, which must be OK or USAGE. */
static int attack(const unsigned char *bytes, size_t size)
{
    swe_msh_raw raw;
    swe_error err = {{0}};
    int status = swe_msh_parse("fuzz.msh", bytes, size, &raw, &err);
    if (status == SWE_OK) {
        swe_mesh mesh;
        status = swe_mesh_build(&raw, "fuzz.msh", &mesh, &err);
        swe_mesh_free(&mesh);
        swe_msh_raw_free(&raw);
    }
    if (status != SWE_OK && status != SWE_ERROR_USAGE) {
        fprintf(stderr, "\n  status %d: %s\n", status, err.message);
    }
    CU_ASSERT(status == SWE_OK || status == SWE_ERROR_USAGE);
    CU_ASSERT(status == SWE_OK || strncmp(err.message, "fuzz.msh", 8) == 0);
    return status;
}

static void test_every_truncation(void)
{
    for (int f = 0; f < 4; ++f) {
        size_t size;
        unsigned char *bytes = read_whole(files[f], &size);
        CU_ASSERT_EQUAL(attack(bytes, size), SWE_OK);
        for (size_t cut = 0; cut + 1 < size; ++cut) {
            /* A copy of exactly cut bytes, so ASan sees any read past it. */
            unsigned char *part = malloc(cut + 1);
            memcpy(part, bytes, cut);
            int status = attack(part, cut);
            /* Only the newline after $EndElements may go. */
            CU_ASSERT(status == SWE_ERROR_USAGE || cut + 1 >= size - 1);
            free(part);
        }
        free(bytes);
    }
}

static uint64_t next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static int rounds(void)
{
    const char *text = getenv("SWE_MESH_FUZZ_ROUNDS");
    int count = text != NULL ? atoi(text) : 0;
    return count > 0 ? count : 400;
}

/* Random bytes changed, inserted or deleted, a few at a time. */
static void test_random_byte_changes(void)
{
    uint64_t state = 0x9e3779b97f4a7c15ULL;
    int survivors = 0;
    for (int f = 0; f < 4; ++f) {
        size_t size;
        unsigned char *bytes = read_whole(files[f], &size);
        for (int round = 0; round < rounds(); ++round) {
            unsigned char *copy = malloc(size + 8);
            memcpy(copy, bytes, size);
            size_t length = size;
            for (int change = 0; change < 1 + (int)(next(&state) % 4); ++change) {
                size_t at = (size_t)(next(&state) % length);
                int kind = (int)(next(&state) % 3);
                if (kind == 0) {
                    copy[at] = (unsigned char)next(&state);
                } else if (kind == 1 && length > 1) {
                    memmove(copy + at, copy + at + 1, length - at - 1);
                    length--;
                } else {
                    memmove(copy + at + 1, copy + at, length - at);
                    copy[at] = (unsigned char)"0123456789-.e \n$"[next(&state) % 16];
                    length++;
                }
            }
            unsigned char *exact = malloc(length + 1);
            memcpy(exact, copy, length);
            survivors += attack(exact, length) == SWE_OK;
            free(exact);
            free(copy);
        }
        free(bytes);
    }
    /* Some variants are still valid meshes (a changed coordinate digit). */
    CU_ASSERT(survivors > 0);
}

/* Each number of the ASCII files in turn replaced by hostile values. */
static void test_hostile_numbers(void)
{
    static const char *const values[] = {
        "99999999999",          "-1",  "0", "nan", "inf", "-inf", "1e308", "2147483648",
        "18446744073709551616", "3.5", ""};
    for (int f = 0; f < 4; f += 2) {
        size_t size;
        unsigned char *bytes = read_whole(files[f], &size);
        for (size_t at = 0; at < size; ++at) {
            int starts = (at == 0 || bytes[at - 1] == ' ' || bytes[at - 1] == '\n') &&
                         ((bytes[at] >= '0' && bytes[at] <= '9') || bytes[at] == '-');
            if (!starts) {
                continue;
            }
            size_t end = at;
            while (end < size && bytes[end] != ' ' && bytes[end] != '\n') {
                end++;
            }
            for (size_t v = 0; v < sizeof values / sizeof values[0]; ++v) {
                size_t length = strlen(values[v]);
                size_t total = at + length + (size - end);
                unsigned char *copy = malloc(total + 1);
                memcpy(copy, bytes, at);
                memcpy(copy + at, values[v], length);
                memcpy(copy + at + length, bytes + end, size - end);
                attack(copy, total);
                free(copy);
            }
        }
        free(bytes);
    }
}

void register_mesh_fuzz_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"every truncation of every encoding refused", test_every_truncation},
        {"random byte changes read or refused", test_random_byte_changes},
        {"hostile numbers in every field read or refused", test_hostile_numbers},
    };
    swe_mesh_test_register("mesh-fuzz", tests, (int)(sizeof tests / sizeof tests[0]));
}
