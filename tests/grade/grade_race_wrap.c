/* The row kernels as the student's kernels see them in the student's
 * build: the kernels themselves (__real_*, the student's or the
 * reference's), then the meeting of grade_race.h. Linked only into the
 * student's build, with -Wl,--wrap=swe_serial_update_row
 * -Wl,--wrap=swe_serial_row_wave_speed (tools/teaching/grading/kit.py): every call
 * from another object file then comes here. */
#include "backends/serial/cartesian/serial_kernels.h"
#include "tests/grade/grade_race.h"

real __real_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above);
real __real_swe_serial_row_wave_speed(const swe_block *block, int j);
real __wrap_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above);
real __wrap_swe_serial_row_wave_speed(const swe_block *block, int j);

real __wrap_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above)
{
    real speed = __real_swe_serial_update_row(block, j, dt, manning, vertical, below, above);
    grade_race_meet(j);
    return speed;
}

real __wrap_swe_serial_row_wave_speed(const swe_block *block, int j)
{
    real speed = __real_swe_serial_row_wave_speed(block, j);
    grade_race_meet(j);
    return speed;
}
