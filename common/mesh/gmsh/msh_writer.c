#include "mesh/gmsh/msh_writer.h"

#include "io/atomic_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_int(FILE *file, int value)
{
    int32_t number = value;
    fwrite(&number, sizeof number, 1, file);
}

static void put_count(FILE *file, size_t value)
{
    uint64_t number = value;
    fwrite(&number, sizeof number, 1, file);
}

static void put_box(FILE *file, const swe_msh_raw *raw)
{
    double low[2] = {raw->node_x[0], raw->node_y[0]}, high[2] = {low[0], low[1]};
    for (int n = 1; n < raw->node_count; ++n) {
        double point[2] = {raw->node_x[n], raw->node_y[n]};
        for (int k = 0; k < 2; ++k) {
            low[k] = point[k] < low[k] ? point[k] : low[k];
            high[k] = point[k] > high[k] ? point[k] : high[k];
        }
    }
    double box[6] = {low[0], low[1], 0, high[0], high[1], 0};
    fwrite(box, sizeof box, 1, file);
}

/* One curve per physical group (tag = group tag) and one surface. */
static void write_entities(FILE *file, const swe_msh_raw *raw)
{
    fputs("$Entities\n", file);
    put_count(file, 0);
    put_count(file, (size_t)raw->group_count);
    put_count(file, 1);
    put_count(file, 0);
    for (int g = 0; g < raw->group_count; ++g) {
        put_int(file, raw->groups[g].tag);
        put_box(file, raw);
        put_count(file, 1);
        put_int(file, raw->groups[g].tag);
        put_count(file, 0);
    }
    put_int(file, 1);
    put_box(file, raw);
    put_count(file, 0);
    put_count(file, 0);
    fputs("\n$EndEntities\n", file);
}

static void write_nodes(FILE *file, const swe_msh_raw *raw)
{
    size_t count = (size_t)raw->node_count;
    fputs("$Nodes\n", file);
    put_count(file, 1);
    put_count(file, count);
    put_count(file, 1);
    put_count(file, count);
    put_int(file, 2);
    put_int(file, 1);
    put_int(file, 0);
    put_count(file, count);
    for (size_t n = 0; n < count; ++n) {
        put_count(file, n + 1);
    }
    for (size_t n = 0; n < count; ++n) {
        double xyz[3] = {raw->node_x[n], raw->node_y[n], 0};
        fwrite(xyz, sizeof xyz, 1, file);
    }
    fputs("\n$EndNodes\n", file);
}

/* A block per group's lines, then one of triangles; tags count up. */
static void write_elements(FILE *file, const swe_msh_raw *raw)
{
    size_t total = (size_t)raw->line_count + (size_t)raw->triangle_count, tag = 1;
    fputs("$Elements\n", file);
    put_count(file, (size_t)raw->group_count + 1);
    put_count(file, total);
    put_count(file, 1);
    put_count(file, total);
    for (int g = 0; g < raw->group_count; ++g) {
        size_t lines = 0;
        for (int l = 0; l < raw->line_count; ++l) {
            lines += raw->line_physical[l] == raw->groups[g].tag;
        }
        put_int(file, 1);
        put_int(file, raw->groups[g].tag);
        put_int(file, 1);
        put_count(file, lines);
        for (int l = 0; l < raw->line_count; ++l) {
            if (raw->line_physical[l] == raw->groups[g].tag) {
                put_count(file, tag++);
                put_count(file, (size_t)raw->line_nodes[2 * l] + 1);
                put_count(file, (size_t)raw->line_nodes[2 * l + 1] + 1);
            }
        }
    }
    put_int(file, 2);
    put_int(file, 1);
    put_int(file, 2);
    put_count(file, (size_t)raw->triangle_count);
    for (int t = 0; t < raw->triangle_count; ++t) {
        put_count(file, tag++);
        for (int k = 0; k < 3; ++k) {
            put_count(file, (size_t)raw->triangle_nodes[3 * t + k] + 1);
        }
    }
    fputs("\n$EndElements\n", file);
}

int swe_msh_write_binary(const char *path, const swe_msh_raw *raw, swe_error *err)
{
    if (path == NULL || raw == NULL || raw->node_count < 3 || raw->triangle_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh to write");
    }
    swe_atomic_file out;
    int status = swe_atomic_file_open(&out, path, err);
    if (status != SWE_OK) {
        return status;
    }
    FILE *file = out.stream;
    fputs("$MeshFormat\n4.1 1 8\n", file);
    put_int(file, 1);
    fputs("\n$EndMeshFormat\n$PhysicalNames\n", file);
    fprintf(file, "%d\n", raw->group_count);
    for (int g = 0; g < raw->group_count; ++g) {
        fprintf(file, "1 %d \"%s\"\n", raw->groups[g].tag, raw->groups[g].name);
    }
    fputs("$EndPhysicalNames\n", file);
    write_entities(file, raw);
    write_nodes(file, raw);
    write_elements(file, raw);
    return swe_atomic_file_commit(&out, err);
}
