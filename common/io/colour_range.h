/* The colour range of a run's pictures, whatever they draw: how the user
 * chose it (--colour-range) and the values it spans. */
#ifndef SWE_COLOUR_RANGE_H
#define SWE_COLOUR_RANGE_H

/* How the colour range of the pictures of a run is chosen
 * (--colour-range snapshot | run | LOW,HIGH). */
typedef enum { SWE_RANGE_SNAPSHOT, SWE_RANGE_RUN, SWE_RANGE_FIXED } swe_range_mode;

typedef struct swe_range_choice {
    swe_range_mode mode;
    double low, high; /* SWE_RANGE_FIXED: surface heights, metres */
} swe_range_choice;

/* The surface heights the colours span; clip: values beyond are drawn
 * as clipped (a fixed range), else the range covers them all. */
typedef struct swe_colour_range {
    double low, high;
    int clip;
} swe_colour_range;

/* range grown to cover more as well. */
void swe_colour_range_widen(swe_colour_range *range, const swe_colour_range *more);

#endif
