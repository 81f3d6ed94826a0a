/* From the triangles of a GMSH file to a checked mesh: orientation, the
 * edges with their one or two cells, and the boundary groups. */
#include "mesh/geometry/mesh.h"

#include "io/domain_extent.h"
#include "mesh/gmsh/msh_reader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One side of an edge as a triangle sees it. */
typedef struct half_edge {
    int low, high; /* node indices, low < high */
    int corner;    /* 3 * cell + local edge */
    int forward;   /* the triangle runs low -> high along it */
} half_edge;

static int by_nodes_then_corner(const void *a, const void *b)
{
    const half_edge *x = a, *y = b;
    if (x->low != y->low) {
        return (x->low > y->low) - (x->low < y->low);
    }
    if (x->high != y->high) {
        return (x->high > y->high) - (x->high < y->high);
    }
    return (x->corner > y->corner) - (x->corner < y->corner);
}

static int allocate_cells(swe_mesh *mesh, int cells, int nodes)
{
    size_t c = (size_t)cells, n = (size_t)nodes + 1;
    mesh->node_x = malloc(n * sizeof(double));
    mesh->node_y = malloc(n * sizeof(double));
    mesh->cell_node = malloc(3 * c * sizeof(int));
    mesh->cell_edge = malloc(3 * c * sizeof(int));
    mesh->cell_area = malloc(c * sizeof(double));
    mesh->cell_x = malloc(c * sizeof(double));
    mesh->cell_y = malloc(c * sizeof(double));
    mesh->cell_chi = malloc(c * sizeof(double));
    mesh->cell_file_index = malloc(c * sizeof(int));
    return mesh->node_x && mesh->node_y && mesh->cell_node && mesh->cell_edge && mesh->cell_area &&
           mesh->cell_x && mesh->cell_y && mesh->cell_chi && mesh->cell_file_index;
}

static int allocate_edges(swe_mesh *mesh, int edges)
{
    size_t e = (size_t)edges;
    mesh->edge_left = malloc(e * sizeof(int));
    mesh->edge_right = malloc(e * sizeof(int));
    mesh->edge_node = malloc(2 * e * sizeof(int));
    mesh->edge_normal_x = malloc(e * sizeof(double));
    mesh->edge_normal_y = malloc(e * sizeof(double));
    mesh->edge_length = malloc(e * sizeof(double));
    mesh->edge_mid_x = malloc(e * sizeof(double));
    mesh->edge_mid_y = malloc(e * sizeof(double));
    mesh->edge_group = malloc(e * sizeof(int));
    return mesh->edge_left && mesh->edge_right && mesh->edge_node && mesh->edge_normal_x &&
           mesh->edge_normal_y && mesh->edge_length && mesh->edge_mid_x && mesh->edge_mid_y &&
           mesh->edge_group;
}

/* Copies the triangles counter-clockwise; refuses repeated nodes and
 * triangles without area (relative to their size). */
static int orient_cells(const swe_msh_raw *raw, const char *name, swe_mesh *mesh, swe_error *err)
{
    for (int c = 0; c < mesh->cell_count; ++c) {
        const int *n = &raw->triangle_nodes[3 * (size_t)c];
        double ax = raw->node_x[n[1]] - raw->node_x[n[0]],
               ay = raw->node_y[n[1]] - raw->node_y[n[0]];
        double bx = raw->node_x[n[2]] - raw->node_x[n[0]],
               by = raw->node_y[n[2]] - raw->node_y[n[0]];
        double twice_area = ax * by - ay * bx;
        double size = fmax(ax * ax + ay * ay, bx * bx + by * by);
        if (!(fabs(twice_area) > 1e-12 * size) || !isfinite(twice_area)) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "%s: triangle (element %ld) is degenerate: its nodes lie on a line "
                            "or repeat",
                            name, raw->triangle_tags[c]);
        }
        int flip = twice_area < 0;
        mesh->cell_node[3 * c] = n[0];
        mesh->cell_node[3 * c + 1] = flip ? n[2] : n[1];
        mesh->cell_node[3 * c + 2] = flip ? n[1] : n[2];
        mesh->cell_file_index[c] = c;
    }
    return SWE_OK;
}

static half_edge *sorted_half_edges(const swe_mesh *mesh)
{
    size_t count = 3 * (size_t)mesh->cell_count;
    half_edge *sides = malloc(count * sizeof *sides);
    if (sides == NULL) {
        return NULL;
    }
    for (size_t k = 0; k < count; ++k) {
        int a = mesh->cell_node[k], b = mesh->cell_node[k - k % 3 + (k + 1) % 3];
        sides[k] = (half_edge){a < b ? a : b, a < b ? b : a, (int)k, a < b};
    }
    qsort(sides, count, sizeof *sides, by_nodes_then_corner);
    return sides;
}

/* Refuses an edge of more than two triangles, or of two on one side. */
static int check_edge_run(const swe_msh_raw *raw, const char *name, const half_edge *run,
                          size_t length, swe_error *err)
{
    long first = raw->triangle_tags[run[0].corner / 3];
    if (length > 2) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%s: %zu triangles (elements %ld, %ld, %ld...) share one edge: the mesh "
                        "is not a 2D surface",
                        name, length, first, raw->triangle_tags[run[1].corner / 3],
                        raw->triangle_tags[run[2].corner / 3]);
    }
    if (length == 2 && run[0].forward == run[1].forward) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%s: triangles (elements %ld and %ld) lie on the same side of their "
                        "common edge: they overlap or repeat",
                        name, first, raw->triangle_tags[run[1].corner / 3]);
    }
    return SWE_OK;
}

typedef struct edge_run {
    int first_corner; /* where the sweep over the file's triangles first meets the edge */
    int interior;
    size_t start; /* its sides in the sorted half-edges */
} edge_run;

/* Interior edges first, each part in the order the sweep meets them. */
static int by_kind_then_first_corner(const void *a, const void *b)
{
    const edge_run *x = a, *y = b;
    if (x->interior != y->interior) {
        return y->interior - x->interior;
    }
    return (x->first_corner > y->first_corner) - (x->first_corner < y->first_corner);
}

/* The runs of equal node pairs in the sorted sides, checked. */
static int find_runs(const swe_msh_raw *raw, const char *name, const half_edge *sides, size_t count,
                     edge_run *runs, int *run_count, swe_error *err)
{
    *run_count = 0;
    for (size_t start = 0; start < count;) {
        size_t length = 1;
        while (start + length < count && sides[start + length].low == sides[start].low &&
               sides[start + length].high == sides[start].high) {
            length++;
        }
        int status = check_edge_run(raw, name, &sides[start], length, err);
        if (status != SWE_OK) {
            return status;
        }
        runs[(*run_count)++] = (edge_run){sides[start].corner, length == 2, start};
        start += length;
    }
    return SWE_OK;
}

static int build_edges(const swe_msh_raw *raw, const char *name, swe_mesh *mesh, swe_error *err)
{
    size_t count = 3 * (size_t)mesh->cell_count;
    half_edge *sides = sorted_half_edges(mesh);
    edge_run *runs = malloc(count * sizeof *runs);
    int run_count = 0;
    int status = sides != NULL && runs != NULL
                     ? find_runs(raw, name, sides, count, runs, &run_count, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the edges");
    if (status == SWE_OK) {
        qsort(runs, (size_t)run_count, sizeof *runs, by_kind_then_first_corner);
        status = allocate_edges(mesh, run_count)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the edges");
    }
    for (int e = 0; e < run_count && status == SWE_OK; ++e) {
        const half_edge *side = &sides[runs[e].start];
        mesh->edge_node[2 * e] = side->low;
        mesh->edge_node[2 * e + 1] = side->high;
        mesh->edge_left[e] = side[0].corner / 3;
        mesh->edge_right[e] = runs[e].interior ? side[1].corner / 3 : -1;
        mesh->edge_group[e] = SWE_MESH_NO_GROUP;
        mesh->cell_edge[side[0].corner] = e;
        if (runs[e].interior) {
            mesh->cell_edge[side[1].corner] = e;
        }
        mesh->interior_edge_count += runs[e].interior;
    }
    mesh->edge_count = status == SWE_OK ? run_count : 0;
    free(sides);
    free(runs);
    return status;
}

typedef struct edge_key {
    int low, high, edge;
} edge_key;

static int by_key(const void *a, const void *b)
{
    const edge_key *x = a, *y = b;
    if (x->low != y->low) {
        return (x->low > y->low) - (x->low < y->low);
    }
    return (x->high > y->high) - (x->high < y->high);
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The groups: the distinct physical tags of the lines, in tag order,
 * named as $PhysicalNames names them (or by the tag). */
static int collect_groups(const swe_msh_raw *raw, swe_mesh *mesh)
{
    int *tags = malloc(((size_t)raw->line_count + 1) * sizeof *tags);
    mesh->groups = calloc((size_t)raw->line_count + 1, sizeof *mesh->groups);
    if (tags == NULL || mesh->groups == NULL) {
        free(tags);
        return 0;
    }
    memcpy(tags, raw->line_physical, (size_t)raw->line_count * sizeof *tags);
    qsort(tags, (size_t)raw->line_count, sizeof *tags, by_int);
    for (int l = 0; l < raw->line_count; ++l) {
        if (tags[l] == 0 || (l > 0 && tags[l] == tags[l - 1])) {
            continue;
        }
        swe_mesh_group *group = &mesh->groups[mesh->group_count++];
        group->tag = tags[l];
        const char *name = swe_msh_group_name(raw, 1, tags[l]);
        if (name != NULL) {
            snprintf(group->name, sizeof group->name, "%s", name);
        } else {
            snprintf(group->name, sizeof group->name, "%d", tags[l]);
        }
    }
    free(tags);
    return 1;
}

static int by_group_tag(const void *a, const void *b)
{
    return by_int(&((const swe_mesh_group *)a)->tag, &((const swe_mesh_group *)b)->tag);
}

static int group_of(const swe_mesh *mesh, int tag)
{
    swe_mesh_group key = {.tag = tag};
    const swe_mesh_group *group =
        bsearch(&key, mesh->groups, (size_t)mesh->group_count, sizeof key, by_group_tag);
    return (int)(group - mesh->groups);
}

static int assign_line(const swe_msh_raw *raw, const char *name, swe_mesh *mesh,
                       const edge_key *keys, int l, swe_error *err)
{
    int a = raw->line_nodes[2 * (size_t)l], b = raw->line_nodes[2 * (size_t)l + 1];
    edge_key key = {a < b ? a : b, a < b ? b : a, -1};
    const edge_key *found = bsearch(&key, keys, (size_t)mesh->edge_count, sizeof *keys, by_key);
    if (found == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s: line (element %ld) is not an edge of a triangle",
                        name, raw->line_tags[l]);
    }
    if (found->edge < mesh->interior_edge_count) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%s: line (element %ld) lies between two triangles: physical lines name "
                        "boundaries",
                        name, raw->line_tags[l]);
    }
    if (raw->line_physical[l] == 0) {
        return SWE_OK;
    }
    int group = group_of(mesh, raw->line_physical[l]);
    int *edge_group = &mesh->edge_group[found->edge];
    if (*edge_group != SWE_MESH_NO_GROUP && *edge_group != group) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%s: line (element %ld) puts a boundary edge in physical groups '%s' and "
                        "'%s'",
                        name, raw->line_tags[l], mesh->groups[*edge_group].name,
                        mesh->groups[group].name);
    }
    *edge_group = group;
    return SWE_OK;
}

static int assign_lines(const swe_msh_raw *raw, const char *name, swe_mesh *mesh, swe_error *err)
{
    edge_key *keys = malloc(((size_t)mesh->edge_count + 1) * sizeof *keys);
    if (keys == NULL || !collect_groups(raw, mesh)) {
        free(keys);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the boundary lines");
    }
    for (int e = 0; e < mesh->edge_count; ++e) {
        keys[e] = (edge_key){mesh->edge_node[2 * e], mesh->edge_node[2 * e + 1], e};
    }
    qsort(keys, (size_t)mesh->edge_count, sizeof *keys, by_key);
    int status = SWE_OK;
    for (int l = 0; l < raw->line_count && status == SWE_OK; ++l) {
        status = assign_line(raw, name, mesh, keys, l, err);
    }
    free(keys);
    return status;
}

/* The nodes of a mesh file must span a domain the time step can live with
 * (io/domain_extent.h): a mesh drawn in other units, scaled by 1e150 or
 * 1e-150, would fail only at its first step. (Not in swe_mesh_build: a
 * rank's part of a mesh may be narrower than the whole.) */
static int check_extent(const swe_msh_raw *raw, const char *name, swe_error *err)
{
    double low[2] = {raw->node_x[0], raw->node_y[0]}, high[2] = {low[0], low[1]};
    for (int n = 1; n < raw->node_count; ++n) {
        low[0] = fmin(low[0], raw->node_x[n]);
        high[0] = fmax(high[0], raw->node_x[n]);
        low[1] = fmin(low[1], raw->node_y[n]);
        high[1] = fmax(high[1], raw->node_y[n]);
    }
    char what[600];
    snprintf(what, sizeof what, "the mesh '%s'", name);
    int status = SWE_OK;
    for (int axis = 0; axis < 2 && status == SWE_OK; ++axis) {
        status = swe_domain_extent_check(what, axis == 0 ? "x" : "y", low[axis], high[axis],
                                         "give node coordinates in metres", err);
    }
    return status;
}

int swe_mesh_build(const swe_msh_raw *raw, const char *name, swe_mesh *mesh, swe_error *err)
{
    if (raw == NULL || mesh == NULL || raw->triangle_count < 1 || raw->node_count < 3) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s: the mesh has no triangles",
                        name != NULL ? name : "mesh");
    }
    name = name != NULL ? name : "mesh";
    memset(mesh, 0, sizeof *mesh);
    mesh->node_count = raw->node_count;
    mesh->cell_count = raw->triangle_count;
    int status = allocate_cells(mesh, mesh->cell_count, mesh->node_count)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the cells");
    if (status == SWE_OK) {
        memcpy(mesh->node_x, raw->node_x, (size_t)raw->node_count * sizeof(double));
        memcpy(mesh->node_y, raw->node_y, (size_t)raw->node_count * sizeof(double));
        status = orient_cells(raw, name, mesh, err);
    }
    if (status == SWE_OK) {
        status = build_edges(raw, name, mesh, err);
    }
    if (status == SWE_OK) {
        status = assign_lines(raw, name, mesh, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_compute_geometry(mesh, err);
    }
    if (status != SWE_OK) {
        swe_mesh_free(mesh);
    }
    return status;
}

int swe_mesh_read(const char *path, swe_mesh *mesh, swe_error *err)
{
    swe_msh_raw raw;
    int status = swe_msh_read_file(path, &raw, err);
    if (status == SWE_OK) {
        status = check_extent(&raw, path, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_build(&raw, path, mesh, err);
    }
    swe_msh_raw_free(&raw);
    return status;
}

void swe_mesh_free(swe_mesh *mesh)
{
    if (mesh == NULL) {
        return;
    }
    void *arrays[] = {
        mesh->node_x,          mesh->node_y,        mesh->cell_node,   mesh->cell_edge,
        mesh->cell_area,       mesh->cell_x,        mesh->cell_y,      mesh->cell_chi,
        mesh->cell_file_index, mesh->edge_left,     mesh->edge_right,  mesh->edge_node,
        mesh->edge_normal_x,   mesh->edge_normal_y, mesh->edge_length, mesh->edge_mid_x,
        mesh->edge_mid_y,      mesh->edge_group,    mesh->groups};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; ++k) {
        free(arrays[k]);
    }
    memset(mesh, 0, sizeof *mesh);
}

int swe_mesh_group_find(const swe_mesh *mesh, const char *name)
{
    for (int g = 0; mesh != NULL && name != NULL && g < mesh->group_count; ++g) {
        if (strcmp(mesh->groups[g].name, name) == 0) {
            return g;
        }
    }
    return SWE_MESH_NO_GROUP;
}
