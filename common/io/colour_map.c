#include "io/colour_map.h"

/* Ten evenly spaced anchors of the viridis map as published (its 10-colour
 * palette); colours in between are interpolated linearly in sRGB, which
 * stays within a fraction of a step of the full map. */
static const swe_rgb sequential[] = {
    {0x44, 0x01, 0x54}, {0x48, 0x28, 0x78}, {0x3E, 0x4A, 0x89}, {0x31, 0x68, 0x8E},
    {0x26, 0x82, 0x8E}, {0x1F, 0x9E, 0x89}, {0x35, 0xB7, 0x79}, {0x6D, 0xCD, 0x59},
    {0xB4, 0xDE, 0x2C}, {0xFD, 0xE7, 0x25},
};
/* Blue to near white to red, lightness falling evenly away from the
 * middle on both sides, so that equal deviations up and down look equally
 * strong. */
static const swe_rgb diverging[] = {
    {30, 60, 140},   {60, 110, 185},  {130, 170, 215}, {200, 220, 238}, {246, 246, 246},
    {240, 205, 190}, {225, 150, 125}, {195, 85, 70},   {140, 25, 35},
};
/* Low land green, then tan, brown and grey rock. */
static const swe_rgb land[] = {
    {160, 196, 130}, {196, 200, 140}, {205, 180, 130}, {170, 135, 95}, {200, 196, 190},
};

const swe_rgb swe_colour_over = {235, 0, 235};
const swe_rgb swe_colour_under = {0, 0, 0};

static unsigned char blend(unsigned char from, unsigned char to, double weight)
{
    return (unsigned char)(from + (to - from) * weight + 0.5);
}

static swe_rgb interpolate(const swe_rgb *anchors, int count, double fraction)
{
    const int last = count - 1;
    double clamped = fraction > 0.0 ? (fraction < 1.0 ? fraction : 1.0) : 0.0;
    double position = clamped * last;
    int lower = (int)position;
    if (lower >= last) {
        return anchors[last];
    }
    double weight = position - lower;
    swe_rgb a = anchors[lower], b = anchors[lower + 1];
    return (swe_rgb){blend(a.red, b.red, weight), blend(a.green, b.green, weight),
                     blend(a.blue, b.blue, weight)};
}

#define COUNT(anchors) ((int)(sizeof anchors / sizeof anchors[0]))

swe_rgb swe_colour_map(double fraction)
{
    return interpolate(sequential, COUNT(sequential), fraction);
}

swe_rgb swe_colour_diverging(double fraction)
{
    return interpolate(diverging, COUNT(diverging), fraction);
}

swe_rgb swe_colour_land(double fraction)
{
    return interpolate(land, COUNT(land), fraction);
}
