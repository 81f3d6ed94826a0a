/* Geometry of the mesh, computed from coordinates in an order that the
 * coordinates alone fix (mesh.h says why). */
#include "mesh/geometry/mesh.h"

#include <math.h>
#include <stdlib.h>

/* Whether node a comes before node b: by x, then by y. */
static int node_before(const swe_mesh *mesh, int a, int b)
{
    return mesh->node_x[a] < mesh->node_x[b] ||
           (mesh->node_x[a] == mesh->node_x[b] && mesh->node_y[a] < mesh->node_y[b]);
}

static void swap_if_after(const swe_mesh *mesh, int *a, int *b)
{
    if (node_before(mesh, *b, *a)) {
        int kept = *a;
        *a = *b;
        *b = kept;
    }
}

static void cell_geometry(swe_mesh *mesh, int c)
{
    int n0 = mesh->cell_node[3 * c], n1 = mesh->cell_node[3 * c + 1];
    int n2 = mesh->cell_node[3 * c + 2];
    swap_if_after(mesh, &n0, &n1);
    swap_if_after(mesh, &n1, &n2);
    swap_if_after(mesh, &n0, &n1);
    const double *x = mesh->node_x, *y = mesh->node_y;
    double cross = (x[n1] - x[n0]) * (y[n2] - y[n0]) - (x[n2] - x[n0]) * (y[n1] - y[n0]);
    mesh->cell_area[c] = 0.5 * fabs(cross);
    mesh->cell_x[c] = (x[n0] + x[n1] + x[n2]) / 3.0;
    mesh->cell_y[c] = (y[n0] + y[n1] + y[n2]) / 3.0;
}

/* Normal, length and midpoint from the edge's nodes in coordinate order;
 * an interior normal points towards +x (+y when vertical), a boundary
 * normal out of the domain; left is the cell the normal leaves. */
static void edge_geometry(swe_mesh *mesh, int e)
{
    int a = mesh->edge_node[2 * e], b = mesh->edge_node[2 * e + 1];
    swap_if_after(mesh, &a, &b);
    mesh->edge_node[2 * e] = a;
    mesh->edge_node[2 * e + 1] = b;
    double dx = mesh->node_x[b] - mesh->node_x[a], dy = mesh->node_y[b] - mesh->node_y[a];
    double length = sqrt(dx * dx + dy * dy);
    double nx = dy / length, ny = -dx / length;
    mesh->edge_length[e] = length;
    mesh->edge_mid_x[e] = 0.5 * (mesh->node_x[a] + mesh->node_x[b]);
    mesh->edge_mid_y[e] = 0.5 * (mesh->node_y[a] + mesh->node_y[b]);
    int left = mesh->edge_left[e];
    double side = (mesh->edge_mid_x[e] - mesh->cell_x[left]) * nx +
                  (mesh->edge_mid_y[e] - mesh->cell_y[left]) * ny;
    if (e < mesh->interior_edge_count) {
        if (nx < 0 || (nx == 0 && ny < 0)) {
            nx = -nx;
            ny = -ny;
            side = -side;
        }
        if (side < 0) {
            mesh->edge_left[e] = mesh->edge_right[e];
            mesh->edge_right[e] = left;
        }
    } else if (side < 0) {
        nx = -nx;
        ny = -ny;
    }
    mesh->edge_normal_x[e] = nx;
    mesh->edge_normal_y[e] = ny;
}

static int midpoint_before(const swe_mesh *mesh, int e, int f)
{
    return mesh->edge_mid_x[e] < mesh->edge_mid_x[f] ||
           (mesh->edge_mid_x[e] == mesh->edge_mid_x[f] &&
            mesh->edge_mid_y[e] < mesh->edge_mid_y[f]);
}

/* A cell's edges by midpoint, and chi = area / longest edge. */
static void cell_edges(swe_mesh *mesh, int c)
{
    int *edge = &mesh->cell_edge[3 * c];
    for (int pass = 0; pass < 2; ++pass) {
        for (int k = 0; k + 1 < 3 - pass; ++k) {
            if (midpoint_before(mesh, edge[k + 1], edge[k])) {
                int kept = edge[k];
                edge[k] = edge[k + 1];
                edge[k + 1] = kept;
            }
        }
    }
    double longest = fmax(fmax(mesh->edge_length[edge[0]], mesh->edge_length[edge[1]]),
                          mesh->edge_length[edge[2]]);
    mesh->cell_chi[c] = mesh->cell_area[c] / longest;
}

int swe_mesh_compute_geometry(swe_mesh *mesh, swe_error *err)
{
    if (mesh == NULL || mesh->cell_area == NULL || mesh->edge_length == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no mesh to measure");
    }
    for (int c = 0; c < mesh->cell_count; ++c) {
        cell_geometry(mesh, c);
    }
    for (int e = 0; e < mesh->edge_count; ++e) {
        edge_geometry(mesh, e);
    }
    for (int c = 0; c < mesh->cell_count; ++c) {
        cell_edges(mesh, c);
        if (!(mesh->cell_area[c] > 0) || !isfinite(mesh->cell_chi[c])) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the mesh's triangle %d has no measurable area (coordinates too "
                            "large or too close)",
                            mesh->cell_file_index[c]);
        }
    }
    return SWE_OK;
}
