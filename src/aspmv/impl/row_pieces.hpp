#pragma once
// A row cut into pieces that different warps of one launch sum, combined in
// that launch: each piece's warp stores its sum in a slot of its own and
// counts itself on the row's counter; the warp that counts last adds the
// row's slots in their order and writes the row of y (deterministic: the
// same order whichever warp is last; no prescale of y), then sets the
// counter back to zero for the next launch. lrb's one launch (its long rows'
// pieces) and vector_split (the chunks inside a long row) use it.

#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// One piece of a row of `slots` pieces, whose sums go to partials(first_slot)
// .. partials(first_slot + slots - 1) and which count on done(counter). `sum`
// is the piece's sum on the warp's last lane (group_sum's total); every lane
// of the warp calls it.
template <class Backend, class Value, class Partials, class Counters, class YView>
KOKKOS_INLINE_FUNCTION void finish_row_piece(Value sum, std::int64_t slot, std::int64_t first_slot, std::int64_t slots,
                                             const Partials& partials, const Counters& done, std::int64_t counter,
                                             const YView& y, std::int64_t row, Value alpha, Value beta, int lane) {
  constexpr int warp = Backend::warp_lanes;
  int last = 0;
  if (lane == warp - 1) {
    partials(slot) = sum;
    Kokkos::memory_fence();  // the sum reaches the device before the count
    last = Kokkos::atomic_fetch_add(&done(counter), 1) == static_cast<std::int32_t>(slots - 1) ? 1 : 0;
  }
  if (Backend::broadcast(last, warp - 1) == 0) return;
  // The row's last piece: the pieces' sums in slot order (lane-strided, then the warp's scan), read through
  // atomics (other multiprocessors wrote them).
  Kokkos::memory_fence();
  Value total = 0;
  for (std::int64_t k = first_slot + lane; k < first_slot + slots; k += warp)
    total += Kokkos::atomic_fetch_add(&partials(k), Value(0));
  total = group_sum<Backend>(total, lane, warp);
  if (lane == warp - 1) {
    write_row(y, row, alpha, total, beta);
    Kokkos::atomic_exchange(&done(counter), 0);  // ready for the next launch
  }
}

}  // namespace aspmv::impl
