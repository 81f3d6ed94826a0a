#include "io/netcdf_xdmf.h"

#include "io/atomic_file.h"
#include "io/vtk_xml.h"

#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 32, MAX_RANK = 3 };

typedef struct field {
    char name[NC_MAX_NAME + 1];
    int leading;           /* over a dimension before the grid's: time, or the maxima's period */
    int timed;             /* that dimension is time: one hyperslab per snapshot */
    size_t leading_length; /* its length; a field over another shows its last entry */
    int precision;         /* bytes per value: 4 or 8 */
} field;

/* What the sidecar says, read from the NetCDF file. */
typedef struct description {
    const char *file; /* the NetCDF file's name, relative to the sidecar */
    int ncid;
    int triangles;                /* a UGRID mesh; else an image */
    int rank;                     /* spatial dimensions of a field: 1 (faces) or 2, 3 (image) */
    int dims[MAX_RANK];           /* their ids, slowest first */
    size_t shape[MAX_RANK];       /* their lengths */
    double origin[3], spacing[3]; /* image, z y x (z 0 and 1 for a map) */
    size_t nodes;
    size_t snapshots;
    double *times;
    field fields[MAX_FIELDS];
    int count;
    int velocity[3]; /* the fields u, v, w joined into "velocity"; -1: none */
} description;

static int nc_failed(const description *d, int nc_status, const char *what, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME, "cannot describe '%s' for ParaView: %s: %s", d->file,
                    what, nc_strerror(nc_status));
}

/* One coordinate of an image: its dimension, length, first value and
 * step (1 where there is one value). */
static int read_axis(description *d, const char *name, int slot, swe_error *err)
{
    int varid, status = nc_inq_varid(d->ncid, name, &varid);
    size_t length = 0;
    if (status == NC_NOERR) {
        status = nc_inq_vardimid(d->ncid, varid, &d->dims[slot]);
    }
    if (status == NC_NOERR) {
        status = nc_inq_dimlen(d->ncid, d->dims[slot], &length);
    }
    double first[2] = {0.0, 1.0};
    if (status == NC_NOERR && length > 0) {
        size_t start = 0, count = length > 1 ? 2 : 1;
        status = nc_get_vara_double(d->ncid, varid, &start, &count, first);
    }
    if (status != NC_NOERR || length == 0) {
        return status != NC_NOERR ? nc_failed(d, status, name, err)
                                  : swe_fail(err, SWE_ERROR_USAGE, "'%s' has no %s", d->file, name);
    }
    d->shape[slot] = length;
    d->origin[slot + 3 - d->rank] = first[0];
    d->spacing[slot + 3 - d->rank] = length > 1 ? first[1] - first[0] : 1.0;
    return SWE_OK;
}

static int read_grid(description *d, swe_error *err)
{
    int varid;
    d->triangles = nc_inq_varid(d->ncid, "mesh_face_nodes", &varid) == NC_NOERR;
    if (d->triangles) {
        /* The faces and nodes by the dimensions of the connectivity and
         * of the node coordinates, whatever the file names them. */
        int corners[2], node_dim, node_x, status = nc_inq_vardimid(d->ncid, varid, corners);
        d->dims[0] = corners[0];
        status = status == NC_NOERR ? nc_inq_dimlen(d->ncid, d->dims[0], &d->shape[0]) : status;
        status = status == NC_NOERR ? nc_inq_varid(d->ncid, "mesh_node_x", &node_x) : status;
        status = status == NC_NOERR ? nc_inq_vardimid(d->ncid, node_x, &node_dim) : status;
        status = status == NC_NOERR ? nc_inq_dimlen(d->ncid, node_dim, &d->nodes) : status;
        d->rank = 1;
        return status == NC_NOERR ? SWE_OK : nc_failed(d, status, "the mesh's dimensions", err);
    }
    d->rank = nc_inq_varid(d->ncid, "z", &varid) == NC_NOERR ? 3 : 2;
    d->origin[0] = 0.0;
    d->spacing[0] = 1.0;
    static const char *const axes[] = {"z", "y", "x"};
    int status = SWE_OK;
    for (int a = 0; a < d->rank && status == SWE_OK; ++a) {
        status = read_axis(d, axes[3 - d->rank + a], a, err);
    }
    return status;
}

static int read_times(description *d, swe_error *err)
{
    int varid, dim, status = nc_inq_varid(d->ncid, "time", &varid);
    status = status == NC_NOERR ? nc_inq_vardimid(d->ncid, varid, &dim) : status;
    status = status == NC_NOERR ? nc_inq_dimlen(d->ncid, dim, &d->snapshots) : status;
    if (status == NC_NOERR && d->snapshots > 0) {
        d->times = malloc(d->snapshots * sizeof *d->times);
        status = d->times != NULL ? nc_get_var_double(d->ncid, varid, d->times) : NC_ENOMEM;
    }
    return status == NC_NOERR ? SWE_OK : nc_failed(d, status, "time", err);
}

/* Whether variable varid is a field over ([time or another dimension,]
 * the grid's dims); fills in f's leading dimension. */
static int is_field(const description *d, int varid, field *f)
{
    int dims[NC_MAX_VAR_DIMS], rank = 0, time_dim = -1;
    nc_type type;
    char location[8] = {0};
    size_t length = 0;
    if (nc_inq_var(d->ncid, varid, NULL, &type, &rank, dims, NULL) != NC_NOERR ||
        (type != NC_FLOAT && type != NC_DOUBLE) || rank > MAX_RANK + 1) {
        return 0;
    }
    nc_inq_dimid(d->ncid, "time", &time_dim);
    f->leading = rank == d->rank + 1;
    f->timed = f->leading && dims[0] == time_dim;
    f->leading_length = 0;
    if (rank != d->rank + f->leading ||
        memcmp(dims + f->leading, d->dims, sizeof(int) * d->rank) != 0 ||
        (f->leading && (nc_inq_dimlen(d->ncid, dims[0], &f->leading_length) != NC_NOERR ||
                        f->leading_length == 0))) {
        return 0;
    }
    /* The mesh's centroids lie over the faces too, but are coordinates. */
    return !d->triangles || (nc_inq_attlen(d->ncid, varid, "location", &length) == NC_NOERR &&
                             length < sizeof location &&
                             nc_get_att_text(d->ncid, varid, "location", location) == NC_NOERR &&
                             strcmp(location, "face") == 0);
}

static void read_fields(description *d)
{
    int variables = 0;
    nc_inq_nvars(d->ncid, &variables);
    static const char *const components[3] = {"u", "v", "w"};
    int found[3] = {-1, -1, -1};
    for (int varid = 0; varid < variables && d->count < MAX_FIELDS; ++varid) {
        field *f = &d->fields[d->count];
        nc_type type;
        if (!is_field(d, varid, f) || nc_inq_varname(d->ncid, varid, f->name) != NC_NOERR ||
            nc_inq_vartype(d->ncid, varid, &type) != NC_NOERR) {
            continue;
        }
        f->precision = type == NC_FLOAT ? 4 : 8;
        for (int c = 0; c < 3; ++c) {
            found[c] = f->timed && strcmp(f->name, components[c]) == 0 ? d->count : found[c];
        }
        d->count++;
    }
    int joined = found[0] >= 0 && found[1] >= 0;
    for (int c = 0; c < 3; ++c) {
        d->velocity[c] = joined ? found[c] : -1;
    }
}

/* The spatial shape of a field, slowest first; padded: as the grid holds
 * it, where a map's image is one point thick in z (the file's dataset
 * is not). */
static void write_shape(FILE *out, const description *d, int padded)
{
    fputs(padded && !d->triangles && d->rank == 2 ? "1 " : "", out);
    for (int a = 0; a < d->rank; ++a) {
        fprintf(out, a > 0 ? " %zu" : "%zu", d->shape[a]);
    }
}

/* <DataItem> naming dataset name of the NetCDF file, leading entries
 * before the grid's dimensions (none: 0). */
static void write_dataset(FILE *out, const description *d, const char *name, size_t leading,
                          const char *type, int precision)
{
    fputs("<DataItem Dimensions=\"", out);
    if (leading > 0) {
        fprintf(out, "%zu ", leading);
    }
    write_shape(out, d, 0);
    fprintf(out, "\" NumberType=\"%s\" Precision=\"%d\" Format=\"HDF\">", type, precision);
    swe_xml_write_escaped(out, d->file);
    fprintf(out, ":/%s</DataItem>", name);
}

/* Field f at snapshot k: a hyperslab of one snapshot (or of the last
 * entry over another leading dimension), or all of a field that does not
 * change, given the grid's shape (a map's b over y, x as 1, y, x: ParaView
 * takes the last dimension of a value of lower rank than the grid for
 * components). */
static void write_values(FILE *out, const description *d, const field *f, size_t k)
{
    if (!f->leading) {
        int reshaped = !d->triangles && d->rank == 2;
        if (reshaped) {
            fputs("<DataItem ItemType=\"Function\" Function=\"JOIN($0)\" Dimensions=\"", out);
            write_shape(out, d, 1);
            fputs("\">", out);
        }
        write_dataset(out, d, f->name, 0, "Float", f->precision);
        fputs(reshaped ? "</DataItem>\n" : "\n", out);
        return;
    }
    size_t entry = f->timed ? k : f->leading_length - 1;
    fputs("<DataItem ItemType=\"HyperSlab\" Type=\"HyperSlab\" Dimensions=\"", out);
    write_shape(out, d, 1);
    fprintf(out, "\"><DataItem Dimensions=\"3 %d\" Format=\"XML\">%zu", d->rank + 1, entry);
    for (int a = 0; a < d->rank; ++a) {
        fputs(" 0", out);
    }
    for (int a = 0; a <= d->rank; ++a) {
        fputs(" 1", out);
    }
    fputs(" 1", out);
    for (int a = 0; a < d->rank; ++a) {
        fprintf(out, " %zu", d->shape[a]);
    }
    fputs("</DataItem>", out);
    write_dataset(out, d, f->name, f->leading_length, "Float", f->precision);
    fputs("</DataItem>\n", out);
}

static void write_topology(FILE *out, const description *d)
{
    if (d->triangles) {
        fprintf(out, "<Topology TopologyType=\"Triangle\" NumberOfElements=\"%zu\">", d->shape[0]);
        description corners = *d;
        corners.rank = 2;
        corners.shape[1] = 3;
        write_dataset(out, &corners, "mesh_face_nodes", 0, "Int", 4);
        fputs("</Topology>\n<Geometry GeometryType=\"X_Y\">", out);
        description nodes = *d;
        nodes.shape[0] = d->nodes;
        write_dataset(out, &nodes, "mesh_node_x", 0, "Float", 8);
        write_dataset(out, &nodes, "mesh_node_y", 0, "Float", 8);
        fputs("</Geometry>\n", out);
        return;
    }
    fputs("<Topology TopologyType=\"3DCoRectMesh\" Dimensions=\"", out);
    write_shape(out, d, 1);
    fprintf(out,
            "\"/>\n<Geometry GeometryType=\"ORIGIN_DXDYDZ\">"
            "<DataItem Dimensions=\"3\" NumberType=\"Float\" Precision=\"8\" "
            "Format=\"XML\">%.17g %.17g %.17g</DataItem>"
            "<DataItem Dimensions=\"3\" NumberType=\"Float\" Precision=\"8\" "
            "Format=\"XML\">%.17g %.17g %.17g</DataItem></Geometry>\n",
            d->origin[0], d->origin[1], d->origin[2], d->spacing[0], d->spacing[1], d->spacing[2]);
}

static void write_velocity(FILE *out, const description *d, size_t k)
{
    fprintf(out,
            "<Attribute Name=\"velocity\" AttributeType=\"Vector\" Center=\"%s\">"
            "<DataItem ItemType=\"Function\" Function=\"JOIN($0, $1, %s)\" Dimensions=\"",
            d->triangles ? "Cell" : "Node", d->velocity[2] >= 0 ? "$2" : "0 * $0");
    write_shape(out, d, 1);
    fputs(" 3\">\n", out);
    for (int c = 0; c < 3 && d->velocity[c] >= 0; ++c) {
        write_values(out, d, &d->fields[d->velocity[c]], k);
    }
    fputs("</DataItem></Attribute>\n", out);
}

static void write_description(FILE *out, const description *d, const char *name)
{
    fputs("<?xml version=\"1.0\" ?>\n<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
          "<Xdmf Version=\"2.0\">\n<Domain>\n<Grid Name=\"",
          out);
    swe_xml_write_escaped(out, name);
    fputs("\" GridType=\"Collection\" CollectionType=\"Temporal\">\n", out);
    for (size_t k = 0; k < d->snapshots; ++k) {
        fprintf(out, "<Grid Name=\"snapshot %zu\" GridType=\"Uniform\">\n<Time Value=\"%.17g\"/>\n",
                k, d->times[k]);
        write_topology(out, d);
        for (int f = 0; f < d->count; ++f) {
            fputs("<Attribute Name=\"", out);
            swe_xml_write_escaped(out, d->fields[f].name);
            fprintf(out, "\" AttributeType=\"Scalar\" Center=\"%s\">",
                    d->triangles ? "Cell" : "Node");
            write_values(out, d, &d->fields[f], k);
            fputs("</Attribute>\n", out);
        }
        if (d->velocity[0] >= 0) {
            write_velocity(out, d, k);
        }
        fputs("</Grid>\n", out);
    }
    fputs("</Grid>\n</Domain>\n</Xdmf>\n", out);
}

/* STEM.xmf2 for STEM.nc, or NULL (no .nc ending, a ':', out of memory). */
static char *sidecar_path(const char *netcdf_path)
{
    size_t length = strlen(netcdf_path);
    if (length < 4 || strcmp(netcdf_path + length - 3, ".nc") != 0 ||
        strchr(netcdf_path, ':') != NULL) {
        return NULL;
    }
    char *path = malloc(length + 3);
    if (path != NULL) {
        memcpy(path, netcdf_path, length - 3);
        strcpy(path + length - 3, ".xmf2");
    }
    return path;
}

int swe_netcdf_write_xdmf(const char *netcdf_path, swe_error *err)
{
    if (netcdf_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no NetCDF file to describe");
    }
    char *path = sidecar_path(netcdf_path);
    if (path == NULL) {
        return SWE_OK; /* a name XDMF cannot take: no sidecar (netcdf_xdmf.h) */
    }
    const char *slash = strrchr(netcdf_path, '/');
    description d = {.file = slash != NULL ? slash + 1 : netcdf_path, .ncid = -1};
    int nc_status = nc_open(netcdf_path, NC_NOWRITE, &d.ncid);
    int status =
        nc_status == NC_NOERR ? read_grid(&d, err) : nc_failed(&d, nc_status, "nc_open", err);
    if (status == SWE_OK) {
        status = read_times(&d, err);
    }
    swe_atomic_file file;
    if (status == SWE_OK) {
        read_fields(&d);
        status = swe_atomic_file_open(&file, path, err);
    }
    if (status == SWE_OK) {
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(strlen(d.file) - 3), d.file);
        write_description(file.stream, &d, name);
        status = swe_atomic_file_commit(&file, err);
    }
    if (d.ncid >= 0) {
        nc_close(d.ncid);
    }
    free(d.times);
    free(path);
    return status;
}
