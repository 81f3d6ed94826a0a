/* The CPU arithmetic of the Cartesian programs. */
#ifndef SWE_FLOAT_MODE_H
#define SWE_FLOAT_MODE_H

/* In a single-precision build, makes this thread's CPU flush subnormal
 * numbers to zero, as results and as operands (x86: FTZ and DAZ; Arm: FZ),
 * as CUDA's single-precision Cartesian kernels do (-ftz=true). Waves leave
 * momenta that decay below 1.2e-38 ahead of their fronts, and an Intel
 * core takes a microcode assist for each operation on them: one Xeon core
 * ran a moving flow 1.3-1.7x slower (docs/RESULTS.md). Double precision
 * keeps IEEE gradual underflow (its momenta rarely reach 2.2e-308; it
 * gains nothing). shallows and shallows-mpi call it for the Cartesian
 * blocks (swe_program_main) before any thread starts: threads inherit the
 * mode of the thread that creates them, so OpenMP's team and every MPI
 * rank compute the serial run's bits. The triangle and Navier-Stokes
 * programs keep IEEE arithmetic, as the test programs do, which compare
 * the backends with each other in one process. */
void swe_set_float_mode(void);

#endif
