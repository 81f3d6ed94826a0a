#include "io/colour_map.h"

/* Ten evenly spaced anchors of the viridis map as published (its 10-colour
 * palette); colours in between are interpolated linearly in sRGB, which
 * stays within a fraction of a step of the full map. */
static const swe_rgb anchors[] = {
    {0x44, 0x01, 0x54}, {0x48, 0x28, 0x78}, {0x3E, 0x4A, 0x89}, {0x31, 0x68, 0x8E},
    {0x26, 0x82, 0x8E}, {0x1F, 0x9E, 0x89}, {0x35, 0xB7, 0x79}, {0x6D, 0xCD, 0x59},
    {0xB4, 0xDE, 0x2C}, {0xFD, 0xE7, 0x25},
};

static unsigned char blend(unsigned char from, unsigned char to, double weight)
{
    return (unsigned char)(from + (to - from) * weight + 0.5);
}

swe_rgb swe_colour_map(double fraction)
{
    const int last = (int)(sizeof anchors / sizeof anchors[0]) - 1;
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
