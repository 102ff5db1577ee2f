#pragma once
// ASPMV_HOST_SIMD_SUM: placed before a loop that accumulates into a variable
// named `sum`, lets the host compiler vectorize the loop (OpenMP's simd
// reduction: partial sums in vector lanes, added together at the end -- not
// the loop's order, inside the same rounding bound, and the same every run of
// a binary). Only where it can pay: host code compiled with OpenMP
// (-fopenmp) for a target with vector gathers (AVX2 or AVX-512 on x86-64,
// SVE on Arm; -march, e.g. the ASPMV_HOST_ARCH option). Device compilations,
// builds without OpenMP and targets without gathers (the portable x86-64
// default) get the plain loop, so a table's host_row_simd changes nothing
// there.

#if defined(_OPENMP) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && \
    (defined(__AVX2__) || defined(__AVX512F__) || defined(__ARM_FEATURE_SVE))
#define ASPMV_HOST_SIMD_SUM _Pragma("omp simd reduction(+ : sum)")
#else
#define ASPMV_HOST_SIMD_SUM
#endif
