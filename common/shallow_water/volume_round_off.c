#include "shallow_water/volume_round_off.h"

#include <float.h>
#include <math.h>

double swe_state_volume_tolerance(long steps, long cells)
{
#ifdef SWE_PRECISION_DOUBLE
    const double epsilon = DBL_EPSILON;
#else
    const double epsilon = FLT_EPSILON;
#endif
    double rounds = (double)(steps > 0 ? steps : 0) + 1.0;
    return epsilon * rounds * (8.0 + sqrt((double)(cells > 0 ? cells : 0)));
}
