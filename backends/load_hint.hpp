#pragma once
// aspmv::backends::hinted_load<Hint>(p): one element of the matrix's streams
// (values, column indices: each read once a product) read with a cache hint,
// so that the stream need not displace x in L1 or L2. Where a backend has no
// hints (CPUs; HIP today), or for elements other than 4 or 8 bytes, every
// hint is a plain load. The table's vector_load picks the hint of
// CSR-vector's range form (impl/row_group_range.hpp); the others read plainly.

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace aspmv::backends {

enum class LoadHint : int {
  plain = 0,           // the compiler's load (L1 and L2 as usual)
  read_only = 1,       // the read-only (non-coherent) path
  streaming = 2,       // evict first: likely read once
  no_l1 = 3,           // read-only, not allocated in L1
  no_l1_l2_first = 4,  // read-only, not allocated in L1, evicted first from L2
};
inline constexpr int load_hint_count = 5;

// The two hints a plan's matrix loads take where a table picks them (SELL's
// sell_load, csr_chunks' chunk_load): 0 plain, 2 evict-first.
inline constexpr int streaming_load = static_cast<int>(LoadHint::streaming);
inline constexpr bool plain_or_streaming(int load) { return load == 0 || load == streaming_load; }

}  // namespace aspmv::backends

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/load_hint.hpp>
#endif

namespace aspmv::backends {

template <LoadHint H, class T>
KOKKOS_FORCEINLINE_FUNCTION T hinted_load(const T* p) {
  constexpr bool hintable =
      H != LoadHint::plain && std::is_trivially_copyable<T>::value && (sizeof(T) == 4 || sizeof(T) == 8);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  if constexpr (hintable) return cuda_hint::load<H, T>(p);
#endif
  (void)hintable;
  return *p;
}

// N consecutive elements of a stream, 16-byte aligned and a multiple of 16
// bytes long, read with a hint into `out` (16 bytes a load); plainly where
// the backend has no hints.
template <LoadHint H, class T, int N>
KOKKOS_FORCEINLINE_FUNCTION void hinted_load_block(const T* p, T (&out)[N]) {
  static_assert(N * sizeof(T) % 16 == 0, "whole 16-byte loads");
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDA_ARCH__)
  if constexpr (H != LoadHint::plain && std::is_trivially_copyable<T>::value) {
    constexpr int per = static_cast<int>(16 / sizeof(T));
    for (int k = 0; k < N; k += per) cuda_hint::load16<H>(p + k, out + k);
  } else
#endif
  {
    for (int k = 0; k < N; ++k) out[k] = p[k];
  }
}

}  // namespace aspmv::backends
