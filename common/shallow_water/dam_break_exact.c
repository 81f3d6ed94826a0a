#include "shallow_water/dam_break_exact.h"

#include <math.h>

enum { SWE_DAM_BREAK_MAX_BISECTIONS = 200 };

/* Bisection stops once the bracket is a few ulps wide. */
#define SWE_DAM_BREAK_RELATIVE_TOLERANCE 1e-15

static double wave_celerity(double depth)
{
    return sqrt(SWE_DAM_BREAK_GRAVITY * depth);
}

/* Velocity gained through the left rarefaction minus the velocity behind a
 * right shock, both as functions of the middle depth: the middle state is
 * where the two agree. Decreasing in h_middle, positive at h_right and
 * negative at h_left, so the root is bracketed by (h_right, h_left). */
static double middle_state_mismatch(double h_middle, double h_left, double h_right)
{
    const double g = SWE_DAM_BREAK_GRAVITY;
    double rarefaction_velocity = 2.0 * (wave_celerity(h_left) - wave_celerity(h_middle));
    double shock_velocity = (h_middle - h_right) * sqrt(0.5 * g * (1.0 / h_middle + 1.0 / h_right));
    return rarefaction_velocity - shock_velocity;
}

/* Bisection rather than Newton: the bracket is known and the function is
 * monotone, so it converges without safeguards in ~50 halvings. */
static double stoker_middle_depth(double h_left, double h_right)
{
    double lower = h_right, upper = h_left;
    for (int i = 0; i < SWE_DAM_BREAK_MAX_BISECTIONS; ++i) {
        if (upper - lower <= SWE_DAM_BREAK_RELATIVE_TOLERANCE * upper) {
            break;
        }
        double midpoint = 0.5 * (lower + upper);
        if (middle_state_mismatch(midpoint, h_left, h_right) > 0.0) {
            lower = midpoint;
        } else {
            upper = midpoint;
        }
    }
    return 0.5 * (lower + upper);
}

static int check_input(double h_left, double h_right, double x_dam, swe_error *err)
{
    if (!isfinite(h_left) || !isfinite(h_right) || !isfinite(x_dam)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "dam break: non-finite input (h_left %g, h_right %g, x_dam %g)", h_left,
                        h_right, x_dam);
    }
    if (h_left <= 0.0) {
        return swe_fail(err, SWE_ERROR_USAGE, "dam break: h_left must be positive, got %g", h_left);
    }
    if (h_right < 0.0) {
        return swe_fail(err, SWE_ERROR_USAGE, "dam break: h_right must not be negative, got %g",
                        h_right);
    }
    if (h_right >= h_left) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "dam break: h_right (%g) must be less than h_left (%g)", h_right, h_left);
    }
    return SWE_OK;
}

int swe_dam_break_exact_init(swe_dam_break_exact *solution, double h_left, double h_right,
                             double x_dam, swe_error *err)
{
    int status = check_input(h_left, h_right, x_dam, err);
    if (status != SWE_OK) {
        return status;
    }
    solution->h_left = h_left;
    solution->h_right = h_right;
    solution->x_dam = x_dam;
    double c_left = wave_celerity(h_left);
    if (h_right == 0.0) {
        /* Ritter: no middle state; u_middle is the speed of the wet/dry front. */
        solution->h_middle = 0.0;
        solution->u_middle = 2.0 * c_left;
        solution->shock_speed = 0.0;
        return SWE_OK;
    }
    double h_middle = stoker_middle_depth(h_left, h_right);
    double u_middle = 2.0 * (c_left - wave_celerity(h_middle));
    solution->h_middle = h_middle;
    solution->u_middle = u_middle;
    /* Mass conservation across the shock into still water. */
    solution->shock_speed = h_middle * u_middle / (h_middle - h_right);
    return SWE_OK;
}

static void set_state(double depth, double velocity, double *h, double *u)
{
    *h = depth;
    *u = velocity;
}

void swe_dam_break_exact_eval(const swe_dam_break_exact *solution, double x, double t, double *h,
                              double *u)
{
    if (t <= 0.0) {
        set_state(x <= solution->x_dam ? solution->h_left : solution->h_right, 0.0, h, u);
        return;
    }
    /* The solution is self-similar: it depends on x and t only through x/t. */
    double xi = (x - solution->x_dam) / t;
    double c_left = wave_celerity(solution->h_left);
    /* Ritter: 2*c_left, the dry front; and shock_speed = 0 lies below it,
     * so the middle branch below is empty. */
    double fan_head = solution->u_middle - wave_celerity(solution->h_middle);
    if (xi <= -c_left) {
        set_state(solution->h_left, 0.0, h, u);
    } else if (xi < fan_head) {
        /* Inside the fan xi = u - c and the Riemann invariant u + 2c = 2 c_left holds. */
        double c = (2.0 * c_left - xi) / 3.0;
        set_state(c * c / SWE_DAM_BREAK_GRAVITY, (2.0 * c_left + 2.0 * xi) / 3.0, h, u);
    } else if (xi < solution->shock_speed) {
        set_state(solution->h_middle, solution->u_middle, h, u);
    } else {
        set_state(solution->h_right, 0.0, h, u);
    }
}
