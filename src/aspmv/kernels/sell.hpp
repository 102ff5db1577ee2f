#pragma once
// SELL-C-sigma (Kreutzer et al.; the sliced ELL of Lehnert's study): rows
// sorted by length, longest first, within windows of sigma rows; slices of C
// consecutive sorted rows stored column-major and padded to the slice's
// longest row, so that the C threads of a slice read consecutive addresses
// at every step. The plan converts A once (timed as analysis) and keeps the
// copy of its values: plan.refresh_values() after A's values change in place.
//
// Apply: one thread per sorted row on GPUs (a slice per warp when C is the
// warp width), each walking only its own row's length (padding is never
// read, so no 0 * Inf); on CPUs runs of whole slices balanced by stored
// entries (the table's host_shares_per_thread runs a thread, at least one),
// a slice's C rows side by side in vector lanes (SELL-8's full slices in
// AVX-512 lanes where the table's host_row_simd is 2 and the CPU has them:
// backends/host/avx512_rows.hpp). y is written through the sort's
// permutation. On GPUs at the compile-time height (gpu_slice_height) a lane
// may hold G = 4 consecutive entries of its row side by side (the table's
// sell_lane_entries, per precision, where the padding allows:
// sell_lane_group): entry j of slice row l at (j / G) * C * G + l * G + j % G
// from the slice's start, the slice's width padded to a multiple of G, so
// one 16-byte load brings G column indices and G x loads go out together;
// and a row may take 2, 4 or 8 lanes (sell_row_lanes, sell_row_parts).
//
// Memory guard: the padded size is known before anything is allocated; a
// conversion that would take more than PlanOptions::max_format_growth times
// A's CSR bytes (and more than format_growth_floor_bytes) is refused with an
// aspmv::FormatRefused. ELL (kernels/ell.hpp) is this format with one slice of every
// row, unsorted.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/host_threads.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/load_footprint.hpp>
#include <aspmv/impl/packed_load.hpp>
#include <aspmv/impl/path_shares.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/stable_column_sort.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/host/avx512_rows.hpp>
#include <backends/load_hint.hpp>
#include <backends/range_launch.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::impl {

// The slicing of a SELL-C-sigma conversion.
struct SellGeometry {
  std::int64_t slice_height;  // C
  std::int64_t sort_window;   // sigma; 1: rows keep their order
  int lane_entries = 1;       // G: a row's entries side by side a lane (GPUs at gpu_slice_height; else 1)
  int row_lanes = 1;          // lanes a sorted row (GPUs at gpu_slice_height; 0: sell_row_parts decides)
  int load = 0;               // the cache hint of the rows' loads (GPUs at gpu_slice_height; sell_load_hint)
  int load_l2_percent = 85;   // the share of the L2 the footprint must exceed for that hint (sell_load_hint)
};

// The longest row.
template <class Offsets>
struct LongestRow {
  Offsets offsets;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, std::int64_t& longest) const {
    const auto n = static_cast<std::int64_t>(offsets(r + 1) - offsets(r));
    longest = n > longest ? n : longest;
  }
};

// Sort keys: ascending keys put the rows of a window together, longest first
// (lengths above `cap` tie: they keep their order).
template <class Offsets, class Keys>
struct SellSortKeys {
  Offsets offsets;
  Keys keys;
  std::int64_t window, cap;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const {
    const auto n = static_cast<std::int64_t>(offsets(r + 1) - offsets(r));
    keys(r) = static_cast<std::int32_t>((r / window) * (cap + 1) + (cap - (n < cap ? n : cap)));
  }
};

// lengths(i): the length of sorted row i.
template <class Offsets, class Perm, class Lengths>
struct SellSortedLengths {
  Offsets offsets;
  Perm perm;
  Lengths lengths;
  bool permuted;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t r = permuted ? perm(i) : i;
    lengths(i) = static_cast<std::int32_t>(offsets(r + 1) - offsets(r));
  }
};

// A's rows ordered by length, longest first, within windows of `window`
// rows (SELL's sigma; JAD's one window of every row), and their lengths in
// that order. Unsorted (perm empty) for a window of one row, one row, or
// no nonzeros. Asynchronous on `exec` but for the longest row, read back.
template <class MemorySpace>
struct RowOrder {
  std::int64_t longest = 0;
  bool permuted = false;
  Kokkos::View<std::int32_t*, MemorySpace> perm;     // position i holds A's row perm(i)
  Kokkos::View<std::int32_t*, MemorySpace> lengths;  // of the rows in that order
  KOKKOS_INLINE_FUNCTION std::int64_t row(std::int64_t i) const { return permuted ? perm(i) : i; }
};
template <class ExecSpace, class Matrix>
RowOrder<typename Matrix::memory_space> order_rows_by_length(const ExecSpace& exec, const Matrix& a,
                                                             std::int64_t window) {
  using Mem = typename Matrix::memory_space;
  using Offsets = typename Matrix::offsets_view;
  const std::int64_t m = a.num_rows();
  RowOrder<Mem> o;
  if (m > 0)
    Kokkos::parallel_reduce("aspmv::row_order::longest_row", RangePolicy<ExecSpace>(exec, 0, m),
                            LongestRow<Offsets>{a.row_offsets()}, Kokkos::Max<std::int64_t>(o.longest));
  o.permuted = window > 1 && m > 1 && o.longest > 0;
  if (o.permuted) {
    window = std::min<std::int64_t>(window, m);
    const std::int64_t windows = (m + window - 1) / window;
    const std::int64_t cap = std::max<std::int64_t>(
        0, std::min<std::int64_t>(o.longest, std::numeric_limits<std::int32_t>::max() / windows - 1));
    auto keys = allocate<std::int32_t, Mem>(exec, m, "aspmv::row_order::sort_keys");
    Kokkos::parallel_for("aspmv::row_order::sort_keys", RangePolicy<ExecSpace>(exec, 0, m),
                         SellSortKeys<Offsets, decltype(keys)>{a.row_offsets(), keys, window, cap});
    o.perm = stable_column_order<std::int32_t>(exec, keys, windows * (cap + 1));
  }
  o.lengths = allocate<std::int32_t, Mem>(exec, m, "aspmv::row_order::lengths");
  if (m > 0)
    Kokkos::parallel_for("aspmv::row_order::sorted_lengths", RangePolicy<ExecSpace>(exec, 0, m),
                         SellSortedLengths<Offsets, decltype(o.perm), decltype(o.lengths)>{a.row_offsets(), o.perm,
                                                                                           o.lengths, o.permuted});
  return o;
}

// slice_start(s): the first stored entry of slice s (an exclusive scan of
// C x the slice's longest row, rounded up to a multiple of G);
// slice_start(slices) the total.
template <class Lengths>
struct SellSliceWidth {
  Lengths lengths;
  std::int64_t rows, height, single_width;  // single_width >= 0: one slice of that width
  std::int64_t group;                       // G
  // Slice s's stored width: its longest row, rounded up to a multiple of G.
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(const std::int64_t s) const {
    std::int64_t width = single_width;
    if (width < 0) {
      width = 0;
      const std::int64_t end = (s + 1) * height < rows ? (s + 1) * height : rows;
      for (std::int64_t i = s * height; i < end; ++i) width = lengths(i) > width ? lengths(i) : width;
    }
    return (width + group - 1) / group * group;
  }
};
// The stored entries of every slice at a given G (a reduction over slices).
template <class Lengths>
struct SellStoredEntries {
  SellSliceWidth<Lengths> width;
  KOKKOS_FUNCTION void operator()(const std::int64_t s, std::int64_t& sum) const { sum += width(s) * width.height; }
};
template <class Lengths, class Starts>
struct SellSliceStarts {
  SellSliceWidth<Lengths> width_of;
  Starts starts;
  KOKKOS_FUNCTION void operator()(const std::int64_t s, std::int64_t& sum, const bool final) const {
    const std::int64_t width = width_of(s), rows = width_of.rows, height = width_of.height;
    if (final) starts(s) = sum;
    sum += width * height;
    if (final && (s + 1) * height >= rows) starts(s + 1) = sum;
  }
};

// The arrays of a converted copy (SELL, ELL, JAD): A's rows in length
// order, their lengths, where each slice (SELL) or jagged diagonal (JAD)
// starts, and the stored columns and values; `read()` is what an apply reads.
template <class Value, class MemorySpace>
struct FormatView {
  Kokkos::View<const std::int32_t*, MemorySpace> perm, lengths;
  Kokkos::View<const std::int64_t*, MemorySpace> starts;
  Kokkos::View<const std::int32_t*, MemorySpace> cols;
  Kokkos::View<const Value*, MemorySpace> vals;
  std::int64_t height;  // SELL's C (rows of a slice); unused by JAD
  std::int64_t group;   // SELL's G (a row's entries side by side a lane); 1 elsewhere
  bool permuted;
  KOKKOS_INLINE_FUNCTION std::int64_t row(std::int64_t i) const { return permuted ? perm(i) : i; }
};
template <class Value, class MemorySpace>
struct FormatArrays {
  RowOrder<MemorySpace> order;
  Kokkos::View<std::int64_t*, MemorySpace> starts;
  Kokkos::View<std::int32_t*, MemorySpace> cols;
  Kokkos::View<Value*, MemorySpace> vals;
  std::int64_t height = 1;
  std::int64_t group = 1;
  FormatView<Value, MemorySpace> read() const {
    return {order.perm, order.lengths, starts, cols, vals, height, group, order.permuted};
  }
};

// Copies A's rows into their stored places (`Place(arrays, i, j)`: entry j
// of sorted row i): columns once, values at every refresh.
template <class Matrix, class Place>
struct FormatFill {
  using Arrays = FormatArrays<typename Matrix::value_type, typename Matrix::memory_space>;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view a_cols;
  typename Matrix::values_view a_vals;
  Arrays d;
  bool with_columns;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const auto b = offsets(d.order.row(i));
    for (std::int64_t j = 0; j < d.order.lengths(i); ++j) {
      const std::int64_t k = Place::at(d, i, j);
      if (with_columns) d.cols(k) = a_cols(b + j);
      d.vals(k) = a_vals(b + j);
    }
  }
};

// SELL's place of entry j of sorted row i: its slice's start, its lane, C
// apart per entry (G = 1); G entries side by side a lane, C x G apart per G.
struct SellPlace {
  template <class Arrays>
  KOKKOS_INLINE_FUNCTION static std::int64_t at(const Arrays& d, std::int64_t i, std::int64_t j) {
    const std::int64_t g = d.group;
    return d.starts(i / d.height) + (j / g) * d.height * g + (i % d.height) * g + j % g;
  }
};

// GPU apply: one thread per sorted row. Height > 0: the slice height as a
// compile-time constant (the GPU tables' 32), the row's entries read at a
// constant stride from its first one, so each load's address is the row's
// base plus an immediate and the compiler keeps many in flight; with the
// height read at run time every address costs a multiply-add chain and about
// one entry's loads were in flight (perf/results/h200/2026-12-04-sell-status).
// Group > 1 (Height > 0 only): the row's entries Group at a time, each group
// one packed load of columns and of values (impl/packed_load.hpp), its x
// loads issued together; the sum in the row's order, as G = 1 sums it, and
// the padded places of a row's last group loaded but never used (no x read
// for them, so no 0 * Inf).
//
// A group of a row's entries (G side by side a lane) as one packed load, or
// with the cache hint H as 16-byte hinted loads (backends/load_hint.hpp).
template <backends::LoadHint H, int Group, class T>
KOKKOS_FORCEINLINE_FUNCTION Packed<T, Group> sell_group_load(const T* p) {
  if constexpr (H == backends::LoadHint::plain) {
    return load_packed<Group>(p);
  } else {
    Packed<T, Group> out;
    backends::hinted_load_block<H>(p, out.v);
    return out;
  }
}

// The sum of sorted row i's groups first_group, first_group + Step, ... (a
// group: Group entries side by side a lane), at the compile-time height.
template <int Height, int Group, int Step, backends::LoadHint H, class Value, class MemorySpace, class XView>
KOKKOS_FORCEINLINE_FUNCTION Value sell_row_groups(const FormatView<Value, MemorySpace>& s, const XView& x,
                                                  const std::int64_t i, const int first_group) {
  const std::int32_t n = s.lengths(i);
  const std::int64_t first = s.starts(i / Height) + (i % Height) * Group;
  const Value* vals = s.vals.data() + first;
  const std::int32_t* cols = s.cols.data() + first;
  Value sum = 0;
  std::int32_t j = first_group * Group;  // the group's first entry; it lies j * Height from the row's first
  using backends::hinted_load;
  if constexpr (Group == 1) {
    for (; j < n; j += Step)
      sum += hinted_load<H>(vals + std::int64_t(j) * Height) * x(hinted_load<H>(cols + std::int64_t(j) * Height));
  } else {
    for (; j + Group <= n; j += Step * Group) {
      const auto c = sell_group_load<H, Group>(cols + std::int64_t(j) * Height);
      const auto v = sell_group_load<H, Group>(vals + std::int64_t(j) * Height);
      Value xc[Group];
      for (int u = 0; u < Group; ++u) xc[u] = x(c.v[u]);
      for (int u = 0; u < Group; ++u) sum += v.v[u] * xc[u];
    }
    if (j < n) {  // the row's last group, part padding
      const auto c = sell_group_load<H, Group>(cols + std::int64_t(j) * Height);
      const auto v = sell_group_load<H, Group>(vals + std::int64_t(j) * Height);
      for (int u = 0; u < Group; ++u)
        if (j + u < n) sum += v.v[u] * x(c.v[u]);
    }
  }
  return sum;
}

template <class Value, class MemorySpace, class XView, class YView, int Height = 0, int Group = 1,
          backends::LoadHint H = backends::LoadHint::plain>
struct SellRowFunctor {
  static_assert(Group == 1 || Height > 0, "entries side by side a lane need the compile-time height");
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    Value sum = 0;
    if constexpr (Height > 0) {
      sum = sell_row_groups<Height, Group, 1, H>(s, x, i, 0);
    } else {
      const std::int64_t first = s.starts(i / s.height) + i % s.height;
      const std::int64_t n = s.lengths(i);
      for (std::int64_t j = 0; j < n; ++j) {
        const std::int64_t k = first + j * s.height;
        sum += s.vals(k) * x(s.cols(k));
      }
    }
    write_row(y, s.row(i), alpha, sum, beta);
  }
};

// GPU apply with Parts > 1 lanes a sorted row (the table's sell_row_lanes;
// rows too few to fill the device), at the compile-time height: a flat range
// of whole warps, thread t part t % Parts of row t / Parts; part p sums the
// row's groups p, p + Parts, ..., the row's lanes add their sums by shuffles
// (impl/warp_ops.hpp group_sum: the same lanes in the same order on every
// run) and its last lane writes y. A warp's rows are consecutive rows of one
// slice, so each load reads Parts runs of consecutive stored entries.
template <class Backend, class Value, class MemorySpace, class XView, class YView, int Height, int Group, int Parts,
          backends::LoadHint H>
struct SellRowPartsFunctor {
  static_assert(Parts > 1 && Parts <= Backend::warp_lanes && Height % (Backend::warp_lanes / Parts) == 0,
                "a warp's rows lie in one slice");
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t i = t / Parts;
    const int part = static_cast<int>(t % Parts);
    const bool mine = i < rows;  // the range is whole warps: the last one's spare lanes add zeros
    Value sum = 0;
    if (mine) sum = sell_row_groups<Height, Group, Parts, H>(s, x, i, part);
    sum = group_sum<Backend>(sum, static_cast<int>(t % Backend::warp_lanes), Parts);
    if (mine && part == Parts - 1) write_row(y, s.row(i), alpha, sum, beta);
  }
};

// The entries side by side a lane on a GPU at the compile-time height
// (sell_lane_entries): 4 where the table asks for it and rounding every
// slice's width up to a multiple of 4 stores at most 25 % more entries than
// one a lane (`entries_one`, `entries_four`); rows of 5 nonzeros, padded to
// 8, lose more in bytes than the packed loads gain (a 2D 5-point stencil of
// 1M rows 1.28x slower in double on the H200,
// perf/results/h200/2026-12-04-sell-lanes). Where the rows fill the
// device's resident threads at least twice (sell_fills_device_twice) the
// bytes set the pace, not the loads in flight: 4 only where it stores at most
// 2 % more (one a lane 1.02-1.18x faster on such matrices whose rows are not
// multiples of 4 on an H100, 2 % slower where they are:
// perf/results/h100/2026-12-07-sell-rows).
inline bool sell_fills_device_twice(std::int64_t rows, std::int64_t device_threads) {
  return device_threads > 0 && rows >= 2 * device_threads;
}
inline int sell_lane_group(int table_value, std::int64_t entries_one, std::int64_t entries_four, std::int64_t rows,
                           std::int64_t device_threads) {
  if (table_value != 4) return 1;
  if (sell_fills_device_twice(rows, device_threads)) return 50 * entries_four <= 51 * entries_one ? 4 : 1;
  return 4 * entries_four <= 5 * entries_one ? 4 : 1;
}

// The lanes a sorted row takes on a GPU (sell_row_lanes; 0: from the
// matrix and the device): doubled from 1 up to 8 while a lane keeps at least
// half a group (G entries) of the mean stored row at the doubled count, and
// either the doubled range still fits the device's resident threads or the
// longest row is at least 4 times the mean stored row (a critical path
// that more lanes shorten). Few rows, or long rows among short ones, would
// otherwise leave one lane a row walking alone; a regular matrix that fills
// the device only pays for the shuffles (perf/results/h200/2026-12-04-sell-lanes).
// Rows that fill the device at least twice take one lane each: the long
// rows' path hides behind the others' (SCORPION--kron3446, 1.3M rows of 3.7
// nonzeros in the mean and 20 at most, 88 us with 2 lanes against 33 with one
// on an H100; perf/results/h100/2026-12-07-sell-rows).
inline int sell_row_parts(int table_value, std::int64_t rows, std::int64_t longest, std::int64_t entries,
                          std::int64_t group, std::int64_t device_threads) {
  if (table_value > 0) return table_value;
  if (sell_fills_device_twice(rows, device_threads)) return 1;
  int parts = 1;
  while (parts < 8 && rows > 0 && entries >= parts * rows * group &&
         (rows * 2 * parts <= device_threads || longest * rows >= 4 * entries))
    parts *= 2;
  return parts;
}

// CPU apply: runs of whole slices (of at most host_slice_rows rows), one or
// more runs a thread balanced by stored entries (impl/path_shares.hpp over
// slice k's place k * C + starts(k)), a slice's rows side by side, each row's
// sum in its own order, as CSR sums it. Lanes: C as a compile-time constant
// (4, 8 or 16; 0: the slice height read at run time). A full slice of a
// constant height steps all its rows together up to its shortest row -- a
// loop over C lanes the host compiler can vectorize (gathers of x where the
// target has them) -- and only past it tests which rows go on; padding is
// never read.
constexpr std::int64_t host_slice_rows = 64;
// The slice height GPUs run as a compile-time constant (SellRowFunctor's Height): the GPU tables' C.
constexpr int gpu_slice_height = 32;
// The hint a plan's rows take (the table's sell_load: 0 plain loads, 2
// evict-first for the rows' values and column indices on GPUs at
// gpu_slice_height, so that the matrix's stream need not push x and y out
// of the L2 between calls): evict-first only
// where the rows' arrays with x and y (`footprint` bytes) exceed
// `l2_percent` % of the L2 (the table's sell_load_l2_percent, 85 on the
// h100; 0: always); a smaller matrix stays in the L2 between calls with
// plain loads and is read from there. On an H100 (50 MB of L2;
// perf/results/h100/2026-12-07-sell-rows, call 6) the hint made SELL
// 1.01-1.33x faster on 37 of 39 matrices of 45-312 MB in double (0.99 on
// two), 0.57-0.82x as fast on 6 of 17-37 MB; in float 1.02-1.34x on all 25
// from 45 MB, 0.54-1.15x on the 16 below (85 % read off those matrices).
inline int sell_load_hint(int table_value, std::int64_t footprint, std::int64_t l2_bytes, int l2_percent) {
  return table_value == backends::streaming_load ? footprint_load_hint(table_value, footprint, l2_bytes, l2_percent)
                                                 : 0;
}
template <class Starts>
struct SlicePathPosition {
  const Starts& starts;
  std::int64_t height;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t k) const { return k * height + starts(k); }
};
template <int Lanes, class Value, class MemorySpace, class XView, class YView>
struct SellSliceRunsFunctor {
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t rows, slices, shares;

  KOKKOS_FUNCTION void operator()(const std::int64_t share) const {
    const SlicePathPosition<decltype(s.starts)> place{s.starts, s.height};
    const std::int64_t last = path_share_first(place, slices, share + 1, shares);
    for (std::int64_t k = path_share_first(place, slices, share, shares); k < last; ++k) {
      if constexpr (Lanes > 0) {
        if ((k + 1) * Lanes <= rows) {
          full_slice(k);
          continue;
        }
      }
      any_slice(k);
    }
  }

  // A slice of Lanes rows (Lanes > 0).
  KOKKOS_INLINE_FUNCTION void full_slice(const std::int64_t k) const {
    constexpr int lanes = Lanes;
    const std::int64_t first_row = k * lanes, start = s.starts(k);
    const std::int64_t width = (s.starts(k + 1) - start) / lanes;
    std::int32_t length[lanes];
    std::int64_t shortest = width;
    for (int l = 0; l < lanes; ++l) {
      length[l] = s.lengths(first_row + l);
      shortest = length[l] < shortest ? length[l] : shortest;
    }
    Value sum[lanes] = {};
    for (std::int64_t j = 0; j < shortest; ++j) {
      const std::int64_t base = start + j * lanes;
      for (int l = 0; l < lanes; ++l) sum[l] += s.vals(base + l) * x(s.cols(base + l));
    }
    for (std::int64_t j = shortest; j < width; ++j) {
      const std::int64_t base = start + j * lanes;
      for (int l = 0; l < lanes; ++l)
        if (j < length[l]) sum[l] += s.vals(base + l) * x(s.cols(base + l));
    }
    for (int l = 0; l < lanes; ++l) write_row(y, s.row(first_row + l), alpha, sum[l], beta);
  }

  // Any slice: the last, shorter one, or any of a height known at run time.
  KOKKOS_INLINE_FUNCTION void any_slice(const std::int64_t k) const {
    Value sum[host_slice_rows];
    const std::int64_t first_row = k * s.height;
    const std::int64_t h = rows - first_row < s.height ? rows - first_row : s.height;
    const std::int64_t width = (s.starts(k + 1) - s.starts(k)) / s.height;
    for (std::int64_t l = 0; l < h; ++l) sum[l] = 0;
    for (std::int64_t j = 0; j < width; ++j) {
      const std::int64_t base = s.starts(k) + j * s.height;
      for (std::int64_t l = 0; l < h; ++l)
        if (j < s.lengths(first_row + l)) sum[l] += s.vals(base + l) * x(s.cols(base + l));
    }
    for (std::int64_t l = 0; l < h; ++l) write_row(y, s.row(first_row + l), alpha, sum[l], beta);
  }
};

template <int Lanes, class ExecSpace, class Value, class MemorySpace, class XView, class YView>
void launch_sell_slice_runs(const ExecSpace& exec, const FormatView<Value, MemorySpace>& s, std::int64_t rows,
                            std::int64_t slices, std::int64_t shares, int threads, Value alpha, const XView& x,
                            Value beta, const YView& y) {
  backends::parallel_range(
      "aspmv::spmv::sell_slices", RangePolicy<ExecSpace>(exec, 0, shares, Kokkos::ChunkSize(1)),
      SellSliceRunsFunctor<Lanes, Value, MemorySpace, XView, YView>{s, x, y, alpha, beta, rows, slices, shares}, 0,
      threads);
}

// SELL-8's full slices in AVX-512 lanes (backends/host/avx512_rows.hpp) over
// raw host arrays, the same runs of slices as SellSliceRunsFunctor<8> (which
// runs the last, shorter slice).
template <class Value, class MemorySpace, class XView, class YView>
struct SellAvx512SliceRunsFunctor {
  SellSliceRunsFunctor<8, Value, MemorySpace, XView, YView> runs;
  const Value* x;

  void operator()(const std::int64_t share) const {
    const auto& s = runs.s;
    const SlicePathPosition<decltype(s.starts)> place{s.starts, s.height};
    const std::int64_t last = path_share_first(place, runs.slices, share + 1, runs.shares);
    for (std::int64_t k = path_share_first(place, runs.slices, share, runs.shares); k < last; ++k) {
      if ((k + 1) * 8 > runs.rows) {
        runs.any_slice(k);
        continue;
      }
      const std::int64_t start = s.starts(k);
      Value sums[8];
      backends::host::avx512_sell8_slice(s.cols.data() + start, s.vals.data() + start, s.lengths.data() + 8 * k,
                                         (s.starts(k + 1) - start) / 8, x, sums);
      for (int l = 0; l < 8; ++l) write_row(runs.y, s.row(8 * k + l), runs.alpha, sums[l], runs.beta);
    }
  }
};

// SELL-8 in AVX-512 lanes: false (nothing launched) where the build has no
// AVX-512 code or x is not a contiguous host array of the values' type.
template <class ExecSpace, class Value, class MemorySpace, class XView, class YView>
bool launch_sell_avx512(const ExecSpace& exec, const FormatView<Value, MemorySpace>& s, std::int64_t rows,
                        std::int64_t slices, std::int64_t shares, int threads, Value alpha, const XView& x, Value beta,
                        const YView& y) {
  if constexpr (!backends::host::avx512_array_type<Value, XView> ||
                !backends::host::avx512_array_type<Value, decltype(s.vals)>) {
    return false;
  } else {
    if (s.height != 8 || !backends::host::avx512_array(x)) return false;
    backends::parallel_range("aspmv::spmv::sell_slices", RangePolicy<ExecSpace>(exec, 0, shares, Kokkos::ChunkSize(1)),
                             SellAvx512SliceRunsFunctor<Value, MemorySpace, XView, YView>{
                                 {s, x, y, alpha, beta, rows, slices, shares}, x.data()},
                             0, threads);
    return true;
  }
}

// Bytes of A's SELL copy with `entries` stored entries (A's own in CSR:
// impl/load_footprint.hpp's csr_bytes).
template <class Value>
std::int64_t sell_bytes(std::int64_t entries, std::int64_t rows, std::int64_t slices, bool permuted) {
  return entries * std::int64_t(sizeof(Value) + sizeof(std::int32_t)) + rows * (permuted ? 8 : 4) + (slices + 1) * 8;
}

// The memory guard of the padded formats (SELL, ELL, tile8x4): throws
// aspmv::FormatRefused when the copy's `need` bytes exceed
// PlanOptions::max_format_growth times A's `csr` bytes (and the floor).
inline void refuse_if_too_large(const char* format, std::int64_t entries, std::int64_t nnz, std::int64_t longest,
                                std::int64_t need, std::int64_t csr, const PlanOptions& o) {
  if (need > o.format_growth_floor_bytes && double(need) > o.max_format_growth * double(csr)) {
    std::ostringstream msg;
    msg << "aspmv: the " << format << " conversion is refused: " << entries << " stored entries for " << nnz
        << " nonzeros (longest row " << longest << ") would take " << need << " bytes, " << double(need) / double(csr)
        << "x the " << csr << " bytes of the CSR matrix (limit " << o.max_format_growth
        << "x, PlanOptions::max_format_growth)";
    throw FormatRefused(msg.str());
  }
}

template <class ExecSpace, class Matrix>
class SellStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // Converts A (asynchronously on `exec`, but for the sizes: the longest row
  // and the padded total are read back before allocating). Throws
  // aspmv::Error when the guard refuses.
  SellStep(const ExecSpace& exec, const Matrix& a, SellGeometry g, std::int64_t host_chunk,
           std::int64_t host_shares_per_thread, const PlanOptions& options, const char* format, int direct)
      : a_(a),
        format_(format),
        host_chunk_(std::max<std::int64_t>(1, host_chunk)),
        host_shares_per_thread_(std::max<std::int64_t>(1, host_shares_per_thread)),
        direct_(direct) {
    const std::int64_t m = a.num_rows();
    arrays_.height = std::max<std::int64_t>(1, std::min<std::int64_t>(g.slice_height, std::max<std::int64_t>(m, 1)));
    const std::int64_t height = arrays_.height;
    if (g.lane_entries != 1 && g.lane_entries != 4)
      throw Error("aspmv: SELL's entries side by side a lane must be 1 or 4, got " + std::to_string(g.lane_entries));
    if (g.row_lanes != 0 && g.row_lanes != 1 && g.row_lanes != 2 && g.row_lanes != 4 && g.row_lanes != 8)
      throw Error("aspmv: SELL's lanes a row must be 0 (chosen per matrix), 1, 2, 4 or 8, got " +
                  std::to_string(g.row_lanes));
    if (!backends::plain_or_streaming(g.load))
      throw Error("aspmv: SELL's load hint must be 0 (plain) or 2 (evict-first), got " + std::to_string(g.load));
    const bool constant_height = backends::Traits<ExecSpace>::is_gpu && height == gpu_slice_height;
    slices_ = (m + height - 1) / height;
    arrays_.order = order_rows_by_length(exec, a, g.sort_window);
    longest_ = arrays_.order.longest;
    arrays_.starts = allocate<std::int64_t, memory_space>(exec, slices_ + 1, "aspmv::sell::slice_starts");
    using Width = SellSliceWidth<decltype(arrays_.order.lengths)>;
    const auto width = [&](std::int64_t group) {
      return Width{arrays_.order.lengths, m, height, slices_ == 1 ? longest_ : -1, group};
    };
    if (m > 0) {
      if (constant_height && g.lane_entries == 4) {
        std::int64_t one = 0, four = 0;
        Kokkos::parallel_reduce("aspmv::sell::stored_entries", RangePolicy<ExecSpace>(exec, 0, slices_),
                                SellStoredEntries<decltype(arrays_.order.lengths)>{width(1)}, one);
        Kokkos::parallel_reduce("aspmv::sell::stored_entries", RangePolicy<ExecSpace>(exec, 0, slices_),
                                SellStoredEntries<decltype(arrays_.order.lengths)>{width(4)}, four);
        arrays_.group = sell_lane_group(g.lane_entries, one, four, m, static_cast<std::int64_t>(exec.concurrency()));
      }
      Kokkos::parallel_scan("aspmv::sell::slice_starts", RangePolicy<ExecSpace>(exec, 0, slices_),
                            SellSliceStarts<decltype(arrays_.order.lengths), decltype(arrays_.starts)>{
                                width(arrays_.group), arrays_.starts},
                            entries_);
    } else {
      Kokkos::deep_copy(exec, arrays_.starts, std::int64_t(0));
    }
    exec.fence();
    if (constant_height)
      parts_ = sell_row_parts(g.row_lanes, m, longest_, entries_, arrays_.group,
                              static_cast<std::int64_t>(exec.concurrency()));
    guard(options);
    if (constant_height && g.load != 0) {
      const std::int64_t vectors = (a.num_cols() + m) * std::int64_t(sizeof(Value));
      load_ = sell_load_hint(g.load, bytes() + vectors, backends::Traits<ExecSpace>::properties(exec).l2_cache_bytes,
                             g.load_l2_percent);
    }
    arrays_.cols = allocate<std::int32_t, memory_space>(exec, entries_, "aspmv::sell::cols");
    arrays_.vals = allocate<Value, memory_space>(exec, entries_, "aspmv::sell::values");
    if (arrays_.group > 1 && !(is_packed_aligned<4>(arrays_.cols.data()) && is_packed_aligned<4>(arrays_.vals.data())))
      throw Error("aspmv: SELL's packed lanes need 16-byte aligned arrays; the memory space gave less");
    fill(exec, true);
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }

  // Copies A's current values into the slices (same structure), on `exec`.
  void refresh_values(const ExecSpace& exec) const { fill(exec, false); }

  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0) return;
    const auto s = arrays_.read();
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      const RangePolicy<ExecSpace> rows(exec, 0, m, Kokkos::ChunkSize(1));
      if (s.height != gpu_slice_height)
        rows_launch<0, 1>(rows, s, alpha, x, beta, y);
      else if (load_ == backends::streaming_load)
        constant_height_launch<backends::LoadHint::streaming>(exec, s, alpha, x, beta, y);
      else
        constant_height_launch<backends::LoadHint::plain>(exec, s, alpha, x, beta, y);
    } else if (s.height > host_slice_rows) {
      const int chunk = static_cast<int>(std::min<std::int64_t>(host_chunk_, std::numeric_limits<int>::max()));
      rows_launch<0, 1>(RangePolicy<ExecSpace>(exec, 0, m, Kokkos::ChunkSize(chunk)), s, alpha, x, beta, y);
    } else {
      const std::int64_t shares =
          host_share_count(host_shares_per_thread_, host_team(host_threads_, exec.concurrency()), slices_);
      const int t = host_threads_;
      if (avx512_slices() && launch_sell_avx512(exec, s, m, slices_, shares, t, alpha, x, beta, y)) return;
      if (s.height == 4)
        launch_sell_slice_runs<4>(exec, s, m, slices_, shares, t, alpha, x, beta, y);
      else if (s.height == 8)
        launch_sell_slice_runs<8>(exec, s, m, slices_, shares, t, alpha, x, beta, y);
      else if (s.height == 16)
        launch_sell_slice_runs<16>(exec, s, m, slices_, shares, t, alpha, x, beta, y);
      else
        launch_sell_slice_runs<0>(exec, s, m, slices_, shares, t, alpha, x, beta, y);
    }
  }

  // CPUs: the apply's threads from the table's host_thread_nnz and the
  // stored entries (impl/host_threads.hpp; 0: the pool). GPUs ignore it.
  void use_host_threads(const ExecSpace& exec, std::int64_t thread_nnz) {
    host_threads_ =
        backends::Traits<ExecSpace>::is_gpu ? 0 : host_thread_count(thread_nnz, entries_, exec.concurrency());
  }
  int host_threads() const { return host_threads_; }

  // CPUs: SELL-8's full slices in AVX-512 lanes where the CPU has them (the
  // table's host_row_simd 2); other heights and GPUs ignore it.
  void use_avx512_slices(bool on) {
    avx512_ =
        on && !backends::Traits<ExecSpace>::is_gpu && arrays_.height == 8 && backends::host::avx512_rows_available();
  }
  bool avx512_slices() const { return avx512_; }

  std::int64_t slice_height() const { return arrays_.height; }
  std::int64_t lane_entries() const { return arrays_.group; }
  int row_lanes() const { return parts_; }
  int load_hint() const { return load_; }
  std::int64_t slices() const { return slices_; }
  std::int64_t stored_entries() const { return entries_; }
  bool sorted() const { return arrays_.order.permuted; }
  std::int64_t bytes() const { return sell_bytes<Value>(entries_, a_.num_rows(), slices_, sorted()); }

 private:
  void guard(const PlanOptions& o) const {
    refuse_if_too_large(format_, entries_, a_.nnz(), longest_, bytes(), csr_bytes(a_), o);
  }

  // One thread per sorted row (GPUs; CPUs where C exceeds host_slice_rows).
  template <int Height, int Group, backends::LoadHint H = backends::LoadHint::plain, class XView, class YView>
  void rows_launch(const RangePolicy<ExecSpace>& rows, const FormatView<Value, memory_space>& s, Value alpha,
                   const XView& x, Value beta, const YView& y) const {
    backends::parallel_range("aspmv::spmv::sell_rows", rows,
                             SellRowFunctor<Value, memory_space, XView, YView, Height, Group, H>{s, x, y, alpha, beta},
                             direct_, host_threads_);
  }

  // GPUs at the compile-time height: G entries a lane, parts_ lanes a row.
  template <backends::LoadHint H, class XView, class YView>
  void constant_height_launch(const ExecSpace& exec, const FormatView<Value, memory_space>& s, Value alpha,
                              const XView& x, Value beta, const YView& y) const {
    if (s.group == 4)
      lanes_launch<4, H>(exec, s, alpha, x, beta, y);
    else
      lanes_launch<1, H>(exec, s, alpha, x, beta, y);
  }
  template <int Group, backends::LoadHint H, class XView, class YView>
  void lanes_launch(const ExecSpace& exec, const FormatView<Value, memory_space>& s, Value alpha, const XView& x,
                    Value beta, const YView& y) const {
    const std::int64_t m = a_.num_rows();
    if (parts_ == 1)
      rows_launch<gpu_slice_height, Group, H>(RangePolicy<ExecSpace>(exec, 0, m, Kokkos::ChunkSize(1)), s, alpha, x,
                                              beta, y);
    else if (parts_ == 2)
      parts_launch<Group, 2, H>(exec, s, alpha, x, beta, y);
    else if (parts_ == 4)
      parts_launch<Group, 4, H>(exec, s, alpha, x, beta, y);
    else
      parts_launch<Group, 8, H>(exec, s, alpha, x, beta, y);
  }
  template <int Group, int Parts, backends::LoadHint H, class XView, class YView>
  void parts_launch(const ExecSpace& exec, const FormatView<Value, memory_space>& s, Value alpha, const XView& x,
                    Value beta, const YView& y) const {
    using Backend = backends::Traits<ExecSpace>;
    const std::int64_t m = a_.num_rows();
    constexpr std::int64_t warp = Backend::warp_lanes;
    const std::int64_t threads = (m * Parts + warp - 1) / warp * warp;
    backends::parallel_range(
        "aspmv::spmv::sell_row_parts", RangePolicy<ExecSpace>(exec, 0, threads, Kokkos::ChunkSize(1)),
        SellRowPartsFunctor<Backend, Value, memory_space, XView, YView, gpu_slice_height, Group, Parts, H>{
            s, x, y, alpha, beta, m},
        direct_, host_threads_);
  }

  void fill(const ExecSpace& exec, bool with_columns) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0 || entries_ == 0) return;
    Kokkos::parallel_for(
        "aspmv::sell::fill", RangePolicy<ExecSpace>(exec, 0, m),
        FormatFill<Matrix, SellPlace>{a_.row_offsets(), a_.col_indices(), a_.values(), arrays_, with_columns});
  }

  Matrix a_;
  const char* format_;
  std::int64_t host_chunk_;  // CPUs, one thread per row (C above host_slice_rows): rows a thread takes at a time
  std::int64_t host_shares_per_thread_;  // CPUs, slices side by side: runs of slices per thread
  int direct_ = 0;                       // GPUs: the backend's own range launch where it has one (table: direct_launch)
  bool avx512_ = false;                  // CPUs, SELL-8: full slices in AVX-512 lanes (use_avx512_slices)
  int host_threads_ = 0;                 // CPUs: the apply's threads (use_host_threads; 0: the pool)
  int parts_ = 1;                        // GPUs at the compile-time height: lanes a sorted row
  int load_ = 0;                         // GPUs at the compile-time height: the rows' load hint (sell_load)
  FormatArrays<Value, memory_space> arrays_;
  std::int64_t slices_ = 0;
  std::int64_t longest_ = 0;
  std::int64_t entries_ = 0;
};

// The group summary of a SELL or ELL plan.
template <class Step>
GroupSummary sell_group(Kernel id, const Step& step, const RowStats& stats, const std::string& what) {
  GroupSummary g;
  g.kernel = id;
  g.team_size = static_cast<int>(step.slice_height());
  g.teams = step.slices();
  g.blocks = step.slices();
  g.rows = stats.rows;
  g.nnz = stats.nnz;
  std::ostringstream d;
  d << what << ": " << step.slices() << " slices of " << step.slice_height() << " rows";
  if (step.lane_entries() > 1) d << ", " << step.lane_entries() << " entries of a row side by side a lane";
  if (step.row_lanes() > 1) d << ", " << step.row_lanes() << " lanes a row";
  if (step.load_hint() == backends::streaming_load) d << ", evict-first loads";
  d << ", " << step.stored_entries() << " stored entries ("
    << (stats.nnz > 0 ? double(step.stored_entries()) / double(stats.nnz) : 1.0) << "x the nonzeros), " << step.bytes()
    << " bytes" << (step.avx512_slices() ? ", slices in AVX-512 lanes" : "");
  d << describe_threads(step.host_threads());
  g.detail = d.str();
  return g;
}

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Sell {
  static constexpr Kernel id = Kernel::sell;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr TableParameter parameters[] = {
      TableParameter::sell_c,          TableParameter::sell_sigma,          TableParameter::host_rows_per_chunk,
      TableParameter::host_shares,     TableParameter::host_simd,           TableParameter::direct_launch,
      TableParameter::host_thread_nnz, TableParameter::sell_lanes,          TableParameter::sell_row_lanes,
      TableParameter::sell_load,       TableParameter::sell_load_l2_percent};
  template <class ExecSpace, class Matrix>
  using Step = impl::SellStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"sell", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const impl::SellGeometry g{ctx.params.sell_slice_height,
                               ctx.params.sell_sort_window,
                               ctx.params.sell_lane_entries.template get<typename Matrix::value_type>(),
                               ctx.params.sell_row_lanes,
                               ctx.params.sell_load,
                               ctx.params.sell_load_l2_percent};
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, g, ctx.params.host_rows_per_chunk, ctx.params.host_shares_per_thread,
                                 ctx.options, "SELL-C-sigma", ctx.params.direct_launch);
    step.use_avx512_slices(ctx.params.host_row_simd == 2);
    step.use_host_threads(ctx.exec, ctx.params.host_thread_nnz);
    s.groups.push_back(impl::sell_group(
        id, step, s.stats,
        "SELL-" + std::to_string(step.slice_height()) + "-" + std::to_string(step.sorted() ? g.sort_window : 1)));
    return step;
  }
};

}  // namespace aspmv::kernels
