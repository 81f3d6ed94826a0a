#include "ns/cases/ns_mask.h"

#include "core/memory_budget.h"
#include "io/png_raster.h"
#include "io/untrusted_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pgm {
    int width, height, maxval;
    unsigned char *dark; /* width * height, row 0 at the top */
} pgm;

int ns_mask_check_file(const char *path, swe_error *err)
{
    double bytes = 0;
    return swe_untrusted_file_check(NS_MASK_ROLE, path, NS_MASK_FIX, &bytes, err);
}

/* The next header number, skipping white space and # comments. */
static int header_number(FILE *file, int *value)
{
    int c;
    while ((c = fgetc(file)) != EOF) {
        if (c == '#') {
            while ((c = fgetc(file)) != EOF && c != '\n') {
            }
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            ungetc(c, file);
            return fscanf(file, "%d", value) == 1 ? 0 : -1;
        }
    }
    return -1;
}

static int read_pixels(FILE *file, int binary, pgm *image)
{
    size_t pixels = (size_t)image->width * (size_t)image->height;
    image->dark = malloc(pixels);
    if (image->dark == NULL) {
        return -1;
    }
    if (binary && fgetc(file) == EOF) { /* the one white-space byte after maxval */
        return -1;
    }
    for (size_t p = 0; p < pixels; ++p) {
        int value = 0;
        if (binary) {
            int high = image->maxval > 255 ? fgetc(file) : 0, low = fgetc(file);
            value = low == EOF || high == EOF ? -1 : high * 256 + low;
        } else if (header_number(file, &value) != 0) {
            value = -1;
        }
        if (value < 0 || value > image->maxval) {
            return -1;
        }
        image->dark[p] = 2 * value < image->maxval;
    }
    return 0;
}

/* The pixels the header declares must fit in the rest of the file (P5:
 * one or two bytes each; P2: a digit and a separator each) and in memory,
 * before they are allocated. */
static int check_pixels(FILE *file, const char *path, double bytes, int binary, const pgm *image,
                        swe_error *err)
{
    double pixels = (double)image->width * (double)image->height;
    double least = binary ? (image->maxval > 255 ? 2.0 : 1.0) * pixels + 1.0 : 2.0 * pixels;
    long at = ftell(file);
    double left = at >= 0 ? bytes - (double)at : 0.0;
    if (least > left) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%s '%s' declares %d x %d pixels, more than its %.0f bytes hold (%s)",
                        NS_MASK_ROLE, path, image->width, image->height, bytes, NS_MASK_FIX);
    }
    char what[4200];
    snprintf(what, sizeof what, "the %d x %d pixels of %s '%s'", image->width, image->height,
             NS_MASK_ROLE, path);
    return swe_memory_check(what, pixels, "give a smaller picture", err);
}

/* A PNG: dark where its grey (colours converted, transparency on white)
 * is below the middle. */
static int read_png(FILE *file, const char *path, double bytes, pgm *image, swe_error *err)
{
    unsigned char *grey = NULL;
    int status = swe_png_read_grey(file, path, bytes, 1 << 16, 1 << 16, NS_MASK_FIX, &grey,
                                   &image->width, &image->height, err);
    fclose(file);
    if (status != SWE_OK) {
        return status;
    }
    size_t pixels = (size_t)image->width * (size_t)image->height;
    for (size_t p = 0; p < pixels; ++p) {
        grey[p] = grey[p] < 128;
    }
    image->dark = grey;
    image->maxval = 255;
    return SWE_OK;
}

static int read_picture(const char *path, pgm *image, swe_error *err)
{
    double bytes = 0;
    FILE *file = swe_untrusted_file_open(NS_MASK_ROLE, path, NS_MASK_FIX, &bytes, err);
    if (file == NULL) {
        return SWE_ERROR_USAGE;
    }
    static const unsigned char png_signature[4] = {0x89, 'P', 'N', 'G'};
    unsigned char start[4] = {0};
    int png = fread(start, 1, 4, file) == 4 && memcmp(start, png_signature, 4) == 0;
    if (png || fseek(file, 0, SEEK_SET) != 0) {
        return png && fseek(file, 0, SEEK_SET) == 0
                   ? read_png(file, path, bytes, image, err)
                   : (fclose(file), swe_fail(err, SWE_ERROR_USAGE, "cannot read '%s'", path));
    }
    char magic[3] = {0};
    int header = fread(magic, 1, 2, file) == 2 && magic[0] == 'P' &&
                 (magic[1] == '5' || magic[1] == '2') && header_number(file, &image->width) == 0 &&
                 header_number(file, &image->height) == 0 &&
                 header_number(file, &image->maxval) == 0 && image->width > 0 &&
                 image->height > 0 && image->width <= 1 << 16 && image->height <= 1 << 16 &&
                 image->maxval > 0 && image->maxval < 65536;
    int binary = magic[1] == '5';
    int status = header ? check_pixels(file, path, bytes, binary, image, err) : SWE_OK;
    int ok = header && status == SWE_OK && read_pixels(file, binary, image) == 0;
    fclose(file);
    if (!ok) {
        free(image->dark);
        image->dark = NULL;
        return status != SWE_OK ? status
                                : swe_fail(err, SWE_ERROR_USAGE,
                                           "'%s' is neither a PNG nor a PGM picture (P5 or "
                                           "P2, width height maxval, pixels)",
                                           path);
    }
    return SWE_OK;
}

int ns_mask_apply_pgm(ns_solver *solver, const char *path, swe_error *err)
{
    if (solver == NULL || path == NULL || solver->ext != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a mask goes on a solver not started");
    }
    pgm image = {0};
    int status = read_picture(path, &image, err);
    if (status != SWE_OK) {
        return status;
    }
    const ns_grid *g = &solver->grid;
    long solid = 0;
    for (int j = 0; j < g->n[1]; ++j) {
        int row = image.height - 1 - (int)((long)j * image.height / g->n[1]);
        for (int i = 0; i < g->n[0]; ++i) {
            int column = (int)((long)i * image.width / g->n[0]);
            if (!image.dark[(size_t)row * (size_t)image.width + (size_t)column]) {
                continue;
            }
            for (int k = 0; k < g->n[2]; ++k) {
                solver->fluid[ns_index(g, i, j, k)] = 0;
            }
            solid += 1;
        }
    }
    free(image.dark);
    if (solid == (long)g->n[0] * g->n[1]) {
        return swe_fail(err, SWE_ERROR_USAGE, "the obstacle picture '%s' leaves no fluid", path);
    }
    return SWE_OK;
}
