#pragma once
// Loop unrolling asked of the device compilers only: nvcc and hipcc take
// `#pragma unroll N`; host compilers warn on it (GCC: -Wunknown-pragmas) and
// the host bodies do not ask for it. Put before a for loop:
//   ASPMV_DEVICE_UNROLL(4)
//   for (...) ...

#if defined(__CUDACC__) || defined(__HIPCC__)
#define ASPMV_DEVICE_UNROLL_PRAGMA(text) _Pragma(#text)
#define ASPMV_DEVICE_UNROLL(n) ASPMV_DEVICE_UNROLL_PRAGMA(unroll n)
#else
#define ASPMV_DEVICE_UNROLL(n)
#endif
