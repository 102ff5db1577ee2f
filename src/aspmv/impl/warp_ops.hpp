#pragma once
// Operations of the lanes of one warp in lock step (Traits::warp_lanes lanes;
// one on CPUs, where each is the identity): sums within aligned groups of
// lanes, and a search of a sorted array by every lane of the warp at once;
// the lowest set bit and the number of set bits of a mask of the warp's lanes.
// Every lane of the warp calls each of them with the same group width and
// search bounds.

#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// Inclusive sums within aligned groups of `lanes` lanes (a power of two, at
// most a warp); the group's last lane holds its total. The same lanes add in
// the same order on every run.
template <class Backend, class T>
KOKKOS_INLINE_FUNCTION T group_sum(T v, int lane, int lanes) {
  const int g = lane % lanes;
  for (int offset = 1; offset < lanes; offset *= 2) {
    const T up = Backend::shuffle_up(v, offset);
    if (g >= offset) v += up;
  }
  return v;
}

// The index of the lowest set bit of v != 0 (0 to 63), the same on every
// backend and without a table: six halvings of the part still holding it.
KOKKOS_INLINE_FUNCTION int lowest_set_bit(std::uint64_t v) {
  int n = 0;
  for (int half = 32; half > 0; half /= 2) {
    const std::uint64_t low = (std::uint64_t{1} << half) - 1;
    if ((v & low) == 0) {
      n += half;
      v >>= half;
    }
  }
  return n;
}

// The number of set bits of v, the same on every backend: sums of bit
// fields of doubling width.
KOKKOS_INLINE_FUNCTION int bit_count(std::uint64_t v) {
  v = v - ((v >> 1) & 0x5555555555555555ULL);
  v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((v * 0x0101010101010101ULL) >> 56);
}

// The last index r in [lo, hi) with sorted(r) <= v, given sorted(lo) <= v
// (sorted nondecreasing; sorted(hi) need not exist). Each round every lane
// reads one pivot and the warp keeps the part between the last pivot not
// above v and the first above it: a warp of W lanes takes log_{W+1} of the
// range's length rounds (4 for a million rows on CUDA), one lane a binary
// search. A round costs a load and a ballot: the lanes not above v are a
// prefix (pivots grow with the lane), so their count names both new bounds,
// which every lane computes as the pivot of that lane (no shuffles).
template <class Backend, class Sorted>
KOKKOS_INLINE_FUNCTION std::int64_t warp_last_not_above(const Sorted& sorted, std::int64_t lo, std::int64_t hi,
                                                        std::int64_t v, int lane) {
  constexpr int warp = Backend::warp_lanes;
  while (hi - lo > 1) {
    // Lane j's pivot: lo + (j + 1) * span / (warp + 1), in [lo, hi - 1], the last above lo (one lane: the middle).
    const std::int64_t span = hi - lo;
    const auto pivot = [&](int j) { return lo + (static_cast<std::int64_t>(j + 1) * span) / (warp + 1); };
    const bool not_above = static_cast<std::int64_t>(sorted(pivot(lane))) <= v;
    const int count = bit_count(Backend::ballot(not_above));
    const std::int64_t new_lo = count == 0 ? lo : pivot(count - 1);
    const std::int64_t new_hi = count == warp ? hi : pivot(count);
    lo = new_lo;
    hi = new_hi;
  }
  return lo;
}

// As warp_last_not_above, with a guess near the answer: the warp first reads
// the `warp` consecutive entries around `guess` (one coalesced load), which
// holds the answer when the guess is close (a matrix's row of an entry,
// guessed from the mean row length, on a regular matrix) and otherwise cuts
// the range on one side of the window before the search goes on.
template <class Backend, class Sorted>
KOKKOS_INLINE_FUNCTION std::int64_t warp_last_not_above_near(const Sorted& sorted, std::int64_t lo, std::int64_t hi,
                                                             std::int64_t v, std::int64_t guess, int lane) {
  constexpr int warp = Backend::warp_lanes;
  if (hi - lo <= 1) return lo;
  // The window [w, w + warp) inside [lo, hi), centred on the guess where the range allows.
  const std::int64_t w = guess - warp / 2 > hi - warp ? hi - warp : guess - warp / 2;
  const std::int64_t w0 = w < lo ? lo : w;
  const std::int64_t p = w0 + lane;
  const bool not_above = p < hi && static_cast<std::int64_t>(sorted(p)) <= v;
  const int count = bit_count(Backend::ballot(not_above));                       // a prefix of the window's lanes
  if (count == 0) return warp_last_not_above<Backend>(sorted, lo, w0, v, lane);  // w0 > lo: sorted(w0) > v
  const std::int64_t last = w0 + count - 1;
  if (count < warp || last + 1 >= hi) return last;  // the next entry is above v, or there is none
  return warp_last_not_above<Backend>(sorted, last, hi, v, lane);
}

}  // namespace aspmv::impl
