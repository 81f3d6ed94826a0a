/* Stand-in for text_cairo.c on machines without cairo: pictures carry no
 * text, and --version says how to get it. */
#include "io/library_versions.h"
#include "io/text.h"

double swe_text_draw(swe_raster *raster, double x, double y, const swe_text_style *style,
                     const char *utf8)
{
    (void)raster;
    (void)x;
    (void)y;
    (void)style;
    (void)utf8;
    return 0.0;
}

double swe_text_width(const swe_text_style *style, const char *utf8)
{
    (void)style;
    (void)utf8;
    return 0.0;
}

const char *swe_text_library(void)
{
    return "none: pictures without labels (install libcairo2-dev and rebuild)";
}
