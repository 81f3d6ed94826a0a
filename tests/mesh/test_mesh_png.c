/* The pictures of a triangle run: each snapshot in its own colour range
 * (no flat colour where the water left the initial range), a fixed range
 * that marks what it clips, films too thin to see drawn dry, and the
 * frame, axes, scale bar, time and colour bar with ticks that every
 * picture has. */
#include "io/colour_map.h"
#include "mesh/io/mesh_png.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/picture_probe.h"

#include <stdlib.h>

static const swe_rgb dry_grey = {160, 160, 160};

/* A partial dam break's model whose surface is set to rise from low at
 * the mesh's west to low + 1 m at its east (depth: depth where given,
 * else what that surface leaves over the bed). */
static swe_mesh_model *model_with_surface(double low, double depth)
{
    swe_mesh_model *model =
        swe_mesh_test_model("partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", NULL,
                            SWE_MESH_ORDERING_GMSH, 1, 1);
    if (model == NULL) {
        return NULL;
    }
    const swe_mesh *mesh = &model->run.mesh;
    swe_mesh_arrays *host = &model->run.host;
    for (int c = 0; c < mesh->cell_count; ++c) {
        double eta = low + mesh->cell_x[c] / 200.0;
        host->h[c] = (real)(depth > 0 ? depth : eta - host->bed[c]);
    }
    return model;
}

static swe_raster draw_at(swe_mesh_model *model, const swe_colour_range *range, double time)
{
    swe_raster raster = {0};
    swe_mesh_png_size(&model->run.mesh, &raster.width, &raster.height);
    raster.pixels = calloc((size_t)raster.width * (size_t)raster.height, sizeof *raster.pixels);
    swe_error err = {0};
    CU_ASSERT_PTR_NOT_NULL_FATAL(raster.pixels);
    CU_ASSERT_EQUAL(
        swe_mesh_png_draw(&raster, &model->run.mesh, &model->run.host, time, range, &err), SWE_OK);
    return raster;
}

static swe_raster draw(swe_mesh_model *model, const swe_colour_range *range)
{
    return draw_at(model, range, 1.0);
}

/* A surface 90 m above anything of the initial state spans the colour
 * map, unclipped. */
static void test_each_snapshot_in_its_range(void)
{
    swe_mesh_model *model = model_with_surface(100.0, 0.0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    swe_raster raster = draw(model, NULL);
    CU_ASSERT_EQUAL(swe_probe_count(&raster, swe_colour_over), 0);
    CU_ASSERT_EQUAL(swe_probe_count(&raster, swe_colour_under), 0);
    CU_ASSERT(swe_probe_row_colours(&raster, raster.height / 2, SWE_MAP_FRAME_LEFT,
                                    SWE_MAP_FRAME_LEFT + SWE_MESH_PNG_MAP_WIDTH) > 20);
    free(raster.pixels);
    swe_mesh_model_free(model);
}

/* A fixed range below the surface draws it in the colour of clipping and
 * puts the triangle on the bar; one that covers it does neither. */
static void test_fixed_range_marks_clipping(void)
{
    swe_mesh_model *model = model_with_surface(100.0, 0.0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    const swe_colour_range below = {0.0, 50.0, 1}, covering = {0.0, 200.0, 1};
    swe_raster raster = draw(model, &below);
    size_t clipped = swe_probe_count(&raster, swe_colour_over);
    free(raster.pixels);
    raster = draw(model, &covering);
    CU_ASSERT(clipped > 1000);
    CU_ASSERT_EQUAL(swe_probe_count(&raster, swe_colour_over), 0);
    free(raster.pixels);
    swe_mesh_model_free(model);
}

/* Ten micrometres of water is ground to the eye. */
static void test_film_drawn_dry(void)
{
    swe_mesh_model *model = model_with_surface(0.0, 1e-5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    swe_raster raster = draw(model, NULL);
    CU_ASSERT(swe_probe_count(&raster, dry_grey) > 10000);
    free(raster.pixels);
    swe_mesh_model_free(model);
}

static void test_axes_and_bar_ticks(void)
{
    swe_mesh_model *model = model_with_surface(100.0, 0.0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    swe_raster raster = draw(model, NULL), later = draw_at(model, NULL, 75.0);
    CU_ASSERT_EQUAL(swe_probe_frame_fault(&raster, &later), 0);
    free(raster.pixels);
    free(later.pixels);
    swe_mesh_model_free(model);
}

void register_mesh_png_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"each snapshot in its own colour range", test_each_snapshot_in_its_range},
        {"a fixed range marks what it clips", test_fixed_range_marks_clipping},
        {"a film of micrometres is drawn dry", test_film_drawn_dry},
        {"axes, scale bar, time and colour bar ticks", test_axes_and_bar_ticks},
    };
    swe_mesh_test_register("mesh-png", tests, (int)(sizeof tests / sizeof tests[0]));
}
