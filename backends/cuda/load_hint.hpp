#pragma once
// CUDA's cache hints for backends/load_hint.hpp: a 4- or 8-byte element
// (int32 and int64 indices, float and double values) read by one PTX load
// with the hint's qualifiers (the PTX ISA's ld.global: .nc, .cs,
// .L1::no_allocate; sm_70 and newer; L2's evict-first through a cache
// policy made by createpolicy, as scalar loads take no .L2::evict_first;
// sm_80 and newer). The asm is not
// volatile, so the compiler keeps its freedom to schedule the loads (the
// matrix is not written while a kernel reads it).

#include <cstdint>
#include <cstring>

namespace aspmv::backends::cuda_hint {

#if defined(__CUDA_ARCH__)
template <LoadHint H>
__device__ __forceinline__ std::uint32_t load32(const void* p) {
  std::uint32_t v;
  if constexpr (H == LoadHint::read_only)
    asm("ld.global.nc.b32 %0, [%1];" : "=r"(v) : "l"(p));
  else if constexpr (H == LoadHint::streaming)
    asm("ld.global.cs.b32 %0, [%1];" : "=r"(v) : "l"(p));
  else if constexpr (H == LoadHint::no_l1)
    asm("ld.global.nc.L1::no_allocate.b32 %0, [%1];" : "=r"(v) : "l"(p));
  else
    asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;"
        " ld.global.nc.L1::no_allocate.L2::cache_hint.b32 %0, [%1], pol; }"
        : "=r"(v)
        : "l"(p));
  return v;
}

template <LoadHint H>
__device__ __forceinline__ std::uint64_t load64(const void* p) {
  std::uint64_t v;
  if constexpr (H == LoadHint::read_only)
    asm("ld.global.nc.b64 %0, [%1];" : "=l"(v) : "l"(p));
  else if constexpr (H == LoadHint::streaming)
    asm("ld.global.cs.b64 %0, [%1];" : "=l"(v) : "l"(p));
  else if constexpr (H == LoadHint::no_l1)
    asm("ld.global.nc.L1::no_allocate.b64 %0, [%1];" : "=l"(v) : "l"(p));
  else
    asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;"
        " ld.global.nc.L1::no_allocate.L2::cache_hint.b64 %0, [%1], pol; }"
        : "=l"(v)
        : "l"(p));
  return v;
}

template <LoadHint H, class T>
__device__ __forceinline__ T load(const T* p) {
  T out;
  if constexpr (sizeof(T) == 4) {
    const std::uint32_t v = load32<H>(p);
    std::memcpy(&out, &v, sizeof(T));
  } else {
    const std::uint64_t v = load64<H>(p);
    std::memcpy(&out, &v, sizeof(T));
  }
  return out;
}

// 16 aligned bytes (four column indices, two doubles, four floats) read by one
// vector load with the hint's qualifiers into `out`.
template <LoadHint H>
__device__ __forceinline__ void load16(const void* p, void* out) {
  std::uint32_t a, b, c, d;
  if constexpr (H == LoadHint::read_only)
    asm("ld.global.nc.v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p));
  else if constexpr (H == LoadHint::streaming)
    asm("ld.global.cs.v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p));
  else if constexpr (H == LoadHint::no_l1)
    asm("ld.global.nc.L1::no_allocate.v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p));
  else
    asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;"
        " ld.global.nc.L1::no_allocate.L2::cache_hint.v4.b32 {%0, %1, %2, %3}, [%4], pol; }"
        : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
        : "l"(p));
  const std::uint32_t v[4] = {a, b, c, d};
  std::memcpy(out, v, sizeof(v));
}
#endif

}  // namespace aspmv::backends::cuda_hint
