#pragma once
// Logarithmic row binning (the analysis of rocSPARSE's LRB algorithm), built
// on the device: every row gets a class from its length alone, and the rows
// are listed class by class, each class in increasing row order, in one
// permutation. Class k < vector_classes holds the rows of 2^(k-1) < length
// <= 2^k (class 0 also the empty rows and the rows of one entry); class
// vector_classes the rows longer than the widest vector up to long_row
// entries; the last class the rows longer than long_row.
//
// Three parallel passes over the row offsets and no sort: (1) each chunk of
// rows counts its rows per class; (2) an exclusive scan over the counts laid
// out class-major (class 0's chunks, then class 1's, ...) gives every chunk
// the first place of each of its classes; (3) each chunk lists its rows at
// those places, in row order. The classes' first places then travel to the
// host with each class's nonzeros (2 x (classes + 1) numbers, summed the
// same way in pass 1 and 2): the only copy, and the only wait.

#include <aspmv/error.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

// The most classes a rule may have (vector classes for 64 lanes: 7, then
// the multi-pass and the team class).
inline constexpr int row_bin_max_classes = 10;

// Chunks of rows pass (1) and (3) use at most: longer chunks on larger
// matrices keep the count array small (classes x chunks entries).
inline constexpr std::int64_t row_bin_min_chunk = 64;
inline constexpr std::int64_t row_bin_max_chunks = std::int64_t{1} << 16;

struct RowBinRule {
  int vector_classes = 1;     // classes of length <= 2^k, k = 0 .. vector_classes - 1
  std::int64_t long_row = 1;  // rows longer than this: the last class
  KOKKOS_INLINE_FUNCTION int classes() const { return vector_classes + 2; }
  KOKKOS_INLINE_FUNCTION int multi_pass_class() const { return vector_classes; }
  KOKKOS_INLINE_FUNCTION int team_class() const { return vector_classes + 1; }
};

// The rule for vectors of up to `max_lanes` lanes (a power of two) and rows
// longer than `long_row` taken by a team.
inline RowBinRule row_bin_rule(int max_lanes, std::int64_t long_row) {
  RowBinRule r;
  r.vector_classes = 1;
  while ((1 << (r.vector_classes - 1)) < max_lanes) ++r.vector_classes;
  r.long_row =
      long_row < (std::int64_t{1} << (r.vector_classes - 1)) ? (std::int64_t{1} << (r.vector_classes - 1)) : long_row;
  if (r.classes() > row_bin_max_classes)
    throw Error("aspmv::impl::row_bin_rule: " + std::to_string(max_lanes) + " lanes need more than " +
                std::to_string(row_bin_max_classes) + " classes");
  return r;
}

KOKKOS_INLINE_FUNCTION int row_bin_class(std::int64_t length, const RowBinRule& r) {
  if (length > r.long_row) return r.vector_classes + 1;
  int k = 0;
  while (k < r.vector_classes && (std::int64_t{1} << k) < length) ++k;
  return k;  // vector_classes: longer than the widest vector, not longer than long_row
}

template <class Offsets, class Counts>
struct RowBinCount {
  Offsets offsets;
  Counts counts;   // rows, classes x chunks, class-major
  Counts entries;  // nonzeros, laid out the same way
  std::int64_t rows, chunk, chunks;
  RowBinRule rule;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    std::int64_t n[row_bin_max_classes] = {};
    std::int64_t e[row_bin_max_classes] = {};
    const std::int64_t last = (c + 1) * chunk < rows ? (c + 1) * chunk : rows;
    for (std::int64_t r = c * chunk; r < last; ++r) {
      const auto length = static_cast<std::int64_t>(offsets(r + 1) - offsets(r));
      const int k = row_bin_class(length, rule);
      ++n[k];
      e[k] += length;
    }
    for (int k = 0; k < rule.classes(); ++k) {
      counts(k * chunks + c) = n[k];
      entries(k * chunks + c) = e[k];
    }
  }
};

template <class Counts>
struct RowBinExclusiveScan {
  Counts counts;  // counts in, first places out; entry n: the total
  std::int64_t n;
  KOKKOS_FUNCTION void operator()(const std::int64_t i, std::int64_t& sum, const bool final) const {
    const std::int64_t c = i < n ? counts(i) : 0;
    if (final) counts(i) = sum;
    sum += c;
  }
};

template <class Offsets, class Counts, class Perm>
struct RowBinFill {
  Offsets offsets;
  Counts places;  // the scanned counts
  Perm perm;
  std::int64_t rows, chunk, chunks;
  RowBinRule rule;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    std::int64_t next[row_bin_max_classes] = {};
    for (int k = 0; k < rule.classes(); ++k) next[k] = places(k * chunks + c);
    const std::int64_t last = (c + 1) * chunk < rows ? (c + 1) * chunk : rows;
    for (std::int64_t r = c * chunk; r < last; ++r) {
      const int k = row_bin_class(static_cast<std::int64_t>(offsets(r + 1) - offsets(r)), rule);
      perm(next[k]++) = static_cast<std::int32_t>(r);
    }
  }
};

template <class Counts, class Starts>
struct RowBinClassStarts {
  Counts places, entry_places;
  Starts starts;  // classes + 1 first places, then classes + 1 first nonzeros
  std::int64_t chunks;
  int classes;
  KOKKOS_FUNCTION void operator()(const std::int64_t k) const {
    starts(k) = places(k * chunks);
    starts(classes + 1 + k) = entry_places(k * chunks);
  }
};

// The rows listed class by class, where each class starts in the list, and
// the nonzeros of the classes before it.
template <class MemorySpace>
struct RowBins {
  Kokkos::View<std::int32_t*, MemorySpace> perm;
  std::vector<std::int64_t> class_begin;      // classes + 1 entries, on the host
  std::vector<std::int64_t> class_nnz_begin;  // the same for the nonzeros
  std::int64_t rows(int k) const { return class_begin[k + 1] - class_begin[k]; }
  std::int64_t nnz(int k) const { return class_nnz_begin[k + 1] - class_nnz_begin[k]; }
};

template <class ExecSpace, class Offsets>
RowBins<typename Offsets::memory_space> bin_rows(const ExecSpace& exec, const Offsets& offsets, std::int64_t rows,
                                                 std::int64_t nnz, const RowBinRule& rule) {
  using Memory = typename Offsets::memory_space;
  if (rows > std::numeric_limits<std::int32_t>::max())
    throw Error("aspmv::make_plan: lrb lists rows as 32-bit indices; " + std::to_string(rows) + " rows are too many");
  RowBins<Memory> bins;
  bins.class_begin.assign(static_cast<std::size_t>(rule.classes()) + 1, 0);
  bins.class_nnz_begin = bins.class_begin;
  bins.perm = allocate<std::int32_t, Memory>(exec, rows, "aspmv::lrb::rows");
  if (rows == 0) return bins;
  std::int64_t chunk = (rows + row_bin_max_chunks - 1) / row_bin_max_chunks;
  chunk = chunk < row_bin_min_chunk ? row_bin_min_chunk : chunk;
  const std::int64_t chunks = (rows + chunk - 1) / chunk;
  const std::int64_t n = chunks * rule.classes();
  auto places = allocate<std::int64_t, Memory>(exec, 2 * (n + 1), "aspmv::lrb::class_places");
  using Places = decltype(places);
  const Places row_places = Kokkos::subview(places, std::make_pair(std::int64_t{0}, n + 1));
  const Places entry_places = Kokkos::subview(places, std::make_pair(n + 1, 2 * (n + 1)));
  Kokkos::parallel_for("aspmv::lrb::count", RangePolicy<ExecSpace>(exec, 0, chunks),
                       RowBinCount<Offsets, Places>{offsets, row_places, entry_places, rows, chunk, chunks, rule});
  Kokkos::parallel_scan("aspmv::lrb::scan", RangePolicy<ExecSpace>(exec, 0, n + 1),
                        RowBinExclusiveScan<Places>{row_places, n});
  Kokkos::parallel_scan("aspmv::lrb::scan_entries", RangePolicy<ExecSpace>(exec, 0, n + 1),
                        RowBinExclusiveScan<Places>{entry_places, n});
  Kokkos::parallel_for(
      "aspmv::lrb::fill", RangePolicy<ExecSpace>(exec, 0, chunks),
      RowBinFill<Offsets, Places, decltype(bins.perm)>{offsets, row_places, bins.perm, rows, chunk, chunks, rule});
  const int classes = rule.classes();
  auto starts = allocate<std::int64_t, Memory>(exec, 2 * (classes + 1), "aspmv::lrb::class_starts");
  Kokkos::parallel_for("aspmv::lrb::class_starts", RangePolicy<ExecSpace>(exec, 0, classes + 1),
                       RowBinClassStarts<Places, decltype(starts)>{row_places, entry_places, starts, chunks, classes});
  std::vector<std::int64_t> host(static_cast<std::size_t>(2 * (classes + 1)));
  Kokkos::deep_copy(
      exec, Kokkos::View<std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()), starts);
  exec.fence();
  bins.class_begin.assign(host.begin(), host.begin() + classes + 1);
  bins.class_nnz_begin.assign(host.begin() + classes + 1, host.end());
  // The places are prefix sums of counts: anything else is a fault of this code, not of the matrix.
  bool monotone = bins.class_begin.front() == 0 && bins.class_begin.back() == rows &&
                  bins.class_nnz_begin.front() == 0 && bins.class_nnz_begin.back() == nnz;
  for (std::size_t k = 1; k < bins.class_begin.size(); ++k)
    monotone = monotone && bins.class_begin[k - 1] <= bins.class_begin[k] &&
               bins.class_nnz_begin[k - 1] <= bins.class_nnz_begin[k];
  if (!monotone) throw Error("aspmv::make_plan: lrb's row classes do not add up to the matrix's rows (internal error)");
  return bins;
}

}  // namespace aspmv::impl
