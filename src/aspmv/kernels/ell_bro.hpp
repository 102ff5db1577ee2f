#pragma once
// ELL-BRO (bit-representation-optimized ELL; Tang et al., SC'13, one of the
// five formats of Lehnert's study): ELL in slices of C rows (the table's
// SELL slice height), each slice padded to its own longest row and stored
// column-major, as SELL-C-1 stores it, but with the column indices
// delta-encoded and bit-packed:
//  - the first entry of a row stores its column minus the slice's base (the
//    least first column of its rows), every later entry its column minus the
//    previous column minus 1 (a run of consecutive columns stores zeros);
//    where some row of A is not strictly ascending (unsorted or duplicate
//    columns) every later delta is stored zigzag-signed, so any CSR matrix
//    converts;
//  - entry j of every row of a slice takes the same number of bits, the
//    most any row of the slice needs there (0 to 32; a byte a slice column);
//  - each row's fields are packed back to back, least significant bit first,
//    into 32-bit symbols; symbol q of a slice's row l sits at q x C + l from
//    the slice's first symbol, so the C rows of a slice read consecutive
//    symbols at every step, as they read consecutive values.
// Tang's BRO-ELL pads every slice to the global longest row; slices of their
// own width (Lehnert's SELL-C-sigma without sorting) never store more.
//
// A row of a slice whose fields at entry j take b_j bits moves
// sum_j (value + b_j / 8) bytes instead of CSR's value + 4 a nonzero: on a
// 27-point stencil most fields are 0 bits (runs of 3 consecutive columns)
// or the few bits of a jump between planes. The plan converts A once (timed
// as analysis: three passes over the column indices) and keeps the copy of
// its values: plan.refresh_values() after A's values change in place.
//
// Apply: one thread a row on GPUs (a slice per warp at C = 32), each
// decoding only its own row's fields (padding is never read, so no 0 * Inf);
// on CPUs chunks of slices a thread, a full slice's rows side by side (in
// AVX-512 lanes at C = 8 where the table's host_row_simd is 2 and the CPU has
// them: backends/host/avx512_bro.hpp).
// Memory guard: the padded size and the symbols are counted before the
// values and symbols are allocated; a copy above PlanOptions::max_format_growth
// times A's CSR bytes is refused (aspmv::FormatRefused, sell.hpp's guard).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/load_footprint.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/sell.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/host/avx512_bro.hpp>
#include <backends/kokkos_compat.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

namespace aspmv::impl {

// The bits an unsigned field needs (0 for 0).
KOKKOS_INLINE_FUNCTION int bro_bits(std::uint64_t v) {
  int b = 0;
  while (v != 0) {
    ++b;
    v >>= 1;
  }
  return b;
}

// Zigzag: 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
KOKKOS_INLINE_FUNCTION std::uint64_t bro_zigzag(std::int64_t d) {
  return d >= 0 ? std::uint64_t(d) << 1 : (std::uint64_t(-(d + 1)) << 1) | 1U;
}
KOKKOS_INLINE_FUNCTION std::int64_t bro_unzigzag(std::uint64_t f) {
  return (f & 1U) != 0 ? -std::int64_t(f >> 1) - 1 : std::int64_t(f >> 1);
}

// The field of entry j of a row (j > 0): its column minus the previous one
// minus 1, zigzag-signed where A has rows that are not strictly ascending.
KOKKOS_INLINE_FUNCTION std::uint64_t bro_field(std::int64_t col, std::int64_t previous, bool zigzag) {
  const std::int64_t d = col - previous - 1;
  return zigzag ? bro_zigzag(d) : std::uint64_t(d);
}

// The arrays of an ELL-BRO copy; `read()` is what an apply reads.
template <class Value, class MemorySpace>
struct BroView {
  Kokkos::View<const std::int32_t*, MemorySpace> lengths;       // a row
  Kokkos::View<const std::int64_t*, MemorySpace> value_start;   // a slice (+1): C x the widths before it
  Kokkos::View<const std::int64_t*, MemorySpace> symbol_start;  // a slice (+1): C x the symbols a row before it
  Kokkos::View<const std::int32_t*, MemorySpace> base;          // a slice: the least first column of its rows
  Kokkos::View<const std::uint8_t*, MemorySpace> bits;          // a slice column: at value_start(s) / C + j
  Kokkos::View<const std::uint32_t*, MemorySpace> symbols;
  Kokkos::View<const Value*, MemorySpace> vals;
  std::int64_t height;  // C
  bool zigzag;          // later deltas zigzag-signed (A has rows not strictly ascending)
};

// Row i's sum: its fields decoded in order, each column multiplied by x.
template <class Value, class MemorySpace, class XView>
KOKKOS_INLINE_FUNCTION Value bro_row_sum(const BroView<Value, MemorySpace>& s, const XView& x, std::int64_t i) {
  const std::int64_t h = s.height, k = i / h, l = i % h;
  const std::int32_t n = s.lengths(i);
  const std::int64_t v0 = s.value_start(k);
  const std::uint8_t* bits = s.bits.data() + v0 / h;
  const std::uint32_t* symbol = s.symbols.data() + s.symbol_start(k) + l;
  const Value* vals = s.vals.data() + v0 + l;
  std::uint64_t buffer = 0;
  int have = 0;
  std::int64_t col = s.base(k);
  Value sum = 0;
  for (std::int32_t j = 0; j < n; ++j) {
    const int b = bits[j];
    if (have < b) {
      buffer |= std::uint64_t(*symbol) << have;
      symbol += h;
      have += 32;
    }
    const std::uint64_t f = buffer & ((std::uint64_t(1) << b) - 1);
    buffer >>= b;
    have -= b;
    if (j == 0)
      col += std::int64_t(f);
    else
      col += 1 + (s.zigzag ? bro_unzigzag(f) : std::int64_t(f));
    sum += vals[std::int64_t(j) * h] * x(col);
  }
  return sum;
}

template <class Value, class MemorySpace, class XView, class YView>
struct BroRowFunctor {
  BroView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const { write_row(y, i, alpha, bro_row_sum(s, x, i), beta); }
};

// CPUs: a slice at a time. Every row of a slice lays its fields out alike
// (field j takes b_j bits at the same bit offset in every row), so a full
// slice of Lanes rows (a compile-time height: 4, 8 or 16) decodes its rows
// side by side, one symbol load for all of them whenever the shared bit
// count runs short: a loop over Lanes the compiler can vectorize. Entries
// past a row's length decode padding (zero fields) and read no x. Other
// heights, and the last, shorter slice, go a row at a time.
template <int Lanes, class Value, class MemorySpace, class XView, class YView>
struct BroSliceFunctor {
  BroView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t k) const {
    if constexpr (Lanes > 0) {
      if ((k + 1) * Lanes <= rows) {
        full_slice(k);
        return;
      }
    }
    const std::int64_t end = (k + 1) * s.height < rows ? (k + 1) * s.height : rows;
    for (std::int64_t i = k * s.height; i < end; ++i) write_row(y, i, alpha, bro_row_sum(s, x, i), beta);
  }

  KOKKOS_INLINE_FUNCTION void full_slice(const std::int64_t k) const {
    constexpr int lanes = Lanes;
    const std::int64_t v0 = s.value_start(k), width = (s.value_start(k + 1) - v0) / lanes;
    const std::uint8_t* bits = s.bits.data() + v0 / lanes;
    const std::uint32_t* symbol = s.symbols.data() + s.symbol_start(k);
    const Value* vals = s.vals.data() + v0;
    std::int32_t length[lanes];
    std::int64_t shortest = width;
    std::uint64_t buffer[lanes];
    std::int64_t col[lanes];
    Value sum[lanes];
    for (int l = 0; l < lanes; ++l) {
      length[l] = s.lengths(k * lanes + l);
      shortest = length[l] < shortest ? length[l] : shortest;
      buffer[l] = 0;
      col[l] = std::int64_t(s.base(k)) - 1;  // the first field adds 1 as the later ones do
      sum[l] = 0;
    }
    int have = 0;
    for (std::int64_t j = 0; j < width; ++j) {
      const int b = bits[j];
      if (have < b) {
        for (int l = 0; l < lanes; ++l) buffer[l] |= std::uint64_t(symbol[l]) << have;
        symbol += lanes;
        have += 32;
      }
      const std::uint64_t mask = (std::uint64_t(1) << b) - 1;
      const bool signed_field = s.zigzag && j > 0;
      for (int l = 0; l < lanes; ++l) {
        const std::uint64_t f = buffer[l] & mask;
        buffer[l] >>= b;
        col[l] += 1 + (signed_field ? bro_unzigzag(f) : std::int64_t(f));
      }
      if (j < shortest) {
        for (int l = 0; l < lanes; ++l) sum[l] += vals[j * lanes + l] * x(col[l]);
      } else {
        for (int l = 0; l < lanes; ++l)
          if (j < length[l]) sum[l] += vals[j * lanes + l] * x(col[l]);
      }
      have -= b;
    }
    for (int l = 0; l < lanes; ++l) write_row(y, k * lanes + l, alpha, sum[l], beta);
  }
};

// CPUs with AVX-512 (the table's host_row_simd 2), slices of 8: a full
// slice's 8 rows decoded in vector lanes (backends/host/avx512_bro.hpp), the
// last, shorter slice by the portable loop.
template <class Value, class MemorySpace, class XView, class YView>
struct BroAvx512SliceFunctor {
  BroSliceFunctor<8, Value, MemorySpace, XView, YView> slices;
  const Value* x;
  void operator()(const std::int64_t k) const {
    const auto& s = slices.s;
    if ((k + 1) * 8 > slices.rows) {
      slices(k);
      return;
    }
    const std::int64_t v0 = s.value_start(k);
    const backends::host::BroSlice<Value> slice{s.bits.data() + v0 / 8,
                                                s.symbols.data() + s.symbol_start(k),
                                                s.vals.data() + v0,
                                                s.lengths.data() + 8 * k,
                                                (s.value_start(k + 1) - v0) / 8,
                                                std::int64_t(s.base(k)),
                                                s.zigzag};
    Value sums[8];
    backends::host::avx512_bro8_slice(slice, x, sums);
    for (int l = 0; l < 8; ++l) write_row(slices.y, 8 * k + l, slices.alpha, sums[l], slices.beta);
  }
};

// The conversion's first pass, one slice a work item: the row lengths, the
// slice's base (the least first column of its rows), and over the matrix the
// rows not strictly ascending (a count) and the longest row.
struct BroSurveyValue {
  std::int64_t unsorted = 0;
  std::int64_t longest = 0;
};
template <class Matrix, class Lengths, class Bases>
struct BroSurvey {
  using value_type = BroSurveyValue;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Lengths lengths;
  Bases base;
  std::int64_t rows, height;
  KOKKOS_FUNCTION void operator()(const std::int64_t k, BroSurveyValue& survey) const {
    const std::int64_t end = (k + 1) * height < rows ? (k + 1) * height : rows;
    std::int32_t least = -1;
    for (std::int64_t i = k * height; i < end; ++i) {
      const auto first = offsets(i), last = offsets(i + 1);
      const auto n = static_cast<std::int64_t>(last - first);
      lengths(i) = static_cast<std::int32_t>(n);
      if (n > survey.longest) survey.longest = n;
      if (last > first && (least < 0 || cols(first) < least)) least = cols(first);
      for (auto p = first + 1; p < last; ++p)
        if (cols(p) <= cols(p - 1)) {
          ++survey.unsorted;
          break;
        }
    }
    base(k) = least < 0 ? 0 : least;
  }
  KOKKOS_FUNCTION void init(BroSurveyValue& survey) const {  // NOLINT(readability-convert-member-functions-to-static)
    survey.unsorted = 0;
    survey.longest = 0;
  }
  // NOLINTNEXTLINE(readability-convert-member-functions-to-static)
  KOKKOS_FUNCTION void join(volatile BroSurveyValue& into, const volatile BroSurveyValue& from) const {
    backends::volatile_add(into.unsorted, from.unsorted);  // no compound assignment to a volatile (C++20)
    if (from.longest > into.longest) into.longest = from.longest;
  }
};

// Per slice column, the bits its fields need (the most any row of the slice needs).
template <class Matrix, class Starts, class Bases, class Bits>
struct BroFieldBits {
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Starts value_start;
  Bases base;
  Bits bits;
  std::int64_t rows, height;
  bool zigzag;
  KOKKOS_FUNCTION void operator()(const std::int64_t k) const {
    const std::int64_t end = (k + 1) * height < rows ? (k + 1) * height : rows;
    const std::int64_t w0 = value_start(k) / height;
    for (std::int64_t i = k * height; i < end; ++i) {
      const auto first = offsets(i), last = offsets(i + 1);
      for (auto p = first; p < last; ++p) {
        const std::uint64_t f = p == first ? std::uint64_t(cols(p) - base(k)) : bro_field(cols(p), cols(p - 1), zigzag);
        const int b = bro_bits(f);
        const std::int64_t j = w0 + (p - first);
        if (b > bits(j)) bits(j) = static_cast<std::uint8_t>(b);
      }
    }
  }
};

// symbol_start(k): C x the symbols a row of the slices before k (the bits
// of the slice's columns, rounded up to whole symbols); (slices) the total.
template <class Starts, class Bits>
struct BroSymbolStarts {
  Starts value_start, symbol_start;
  Bits bits;
  std::int64_t slices, height;
  KOKKOS_FUNCTION void operator()(const std::int64_t k, std::int64_t& sum, const bool final) const {
    std::int64_t row_bits = 0;
    for (std::int64_t j = value_start(k) / height; j < value_start(k + 1) / height; ++j) row_bits += bits(j);
    if (final) symbol_start(k) = sum;
    sum += (row_bits + 31) / 32 * height;
    if (final && k + 1 == slices) symbol_start(k + 1) = sum;
  }
};

// Writes row i's values (and, with columns, its packed fields) into the copy.
template <class Matrix>
struct BroFill {
  using Value = typename Matrix::value_type;
  using Mem = typename Matrix::memory_space;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view a_vals;
  Kokkos::View<const std::int64_t*, Mem> value_start, symbol_start;
  Kokkos::View<const std::int32_t*, Mem> base;
  Kokkos::View<const std::uint8_t*, Mem> bits;
  Kokkos::View<std::uint32_t*, Mem> symbols;
  Kokkos::View<Value*, Mem> vals;
  std::int64_t height;
  bool zigzag, with_columns;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t k = i / height, l = i % height;
    const std::int64_t v0 = value_start(k), w0 = v0 / height, s0 = symbol_start(k) + l;
    const auto first = offsets(i), last = offsets(i + 1);
    std::int64_t at = 0;  // the row's next bit
    for (auto p = first; p < last; ++p) {
      const std::int64_t j = p - first;
      vals(v0 + j * height + l) = a_vals(p);
      if (!with_columns) continue;
      const int b = bits(w0 + j);
      const std::uint64_t f = p == first ? std::uint64_t(cols(p) - base(k)) : bro_field(cols(p), cols(p - 1), zigzag);
      if (b > 0) {
        const std::int64_t q = at / 32;
        const int offset = static_cast<int>(at % 32);
        symbols(s0 + q * height) |= static_cast<std::uint32_t>(f << offset);
        if (offset + b > 32) symbols(s0 + (q + 1) * height) |= static_cast<std::uint32_t>(f >> (32 - offset));
      }
      at += b;
    }
  }
};

template <class Value>
std::int64_t bro_bytes(std::int64_t stored, std::int64_t symbols, std::int64_t rows, std::int64_t slices,
                       std::int64_t height) {
  return stored * std::int64_t(sizeof(Value)) + symbols * 4 + stored / std::max<std::int64_t>(height, 1) + rows * 4 +
         slices * 4 + (slices + 1) * 16;
}

template <class ExecSpace, class Matrix>
class EllBroStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // Converts A (asynchronously on `exec`, but for the sizes, read back
  // before the values and symbols are allocated). Throws
  // aspmv::FormatRefused when the memory guard refuses.
  EllBroStep(const ExecSpace& exec, const Matrix& a, std::int64_t slice_height, std::int64_t host_chunk,
             const PlanOptions& options)
      : a_(a), host_chunk_(std::max<std::int64_t>(1, host_chunk)) {
    const std::int64_t m = a.num_rows();
    height_ = std::max<std::int64_t>(1, std::min<std::int64_t>(slice_height, std::max<std::int64_t>(m, 1)));
    slices_ = (m + height_ - 1) / height_;
    lengths_ = allocate<std::int32_t, memory_space>(exec, m, "aspmv::ell_bro::lengths");
    value_start_ = allocate<std::int64_t, memory_space>(exec, slices_ + 1, "aspmv::ell_bro::value_starts");
    symbol_start_ = allocate<std::int64_t, memory_space>(exec, slices_ + 1, "aspmv::ell_bro::symbol_starts");
    base_ = allocate<std::int32_t, memory_space>(exec, slices_, "aspmv::ell_bro::bases");
    if (m == 0) {
      Kokkos::deep_copy(exec, value_start_, std::int64_t(0));
      Kokkos::deep_copy(exec, symbol_start_, std::int64_t(0));
    } else {
      const auto slice_range = RangePolicy<ExecSpace>(exec, 0, slices_);
      BroSurveyValue survey;
      Kokkos::parallel_reduce("aspmv::ell_bro::survey", slice_range,
                              BroSurvey<Matrix, decltype(lengths_), decltype(base_)>{a.row_offsets(), a.col_indices(),
                                                                                     lengths_, base_, m, height_},
                              survey);
      using Width = SellSliceWidth<decltype(lengths_)>;
      Kokkos::parallel_scan(
          "aspmv::ell_bro::value_starts", slice_range,
          SellSliceStarts<decltype(lengths_), decltype(value_start_)>{Width{lengths_, m, height_, -1, 1}, value_start_},
          stored_);
      exec.fence();  // survey and stored_ are read here
      zigzag_ = survey.unsorted > 0;
      longest_ = survey.longest;
      bits_ = allocate<std::uint8_t, memory_space>(exec, stored_ / height_, "aspmv::ell_bro::field_bits");
      Kokkos::deep_copy(exec, bits_, std::uint8_t(0));
      Kokkos::parallel_for("aspmv::ell_bro::field_bits", slice_range,
                           BroFieldBits<Matrix, decltype(value_start_), decltype(base_), decltype(bits_)>{
                               a.row_offsets(), a.col_indices(), value_start_, base_, bits_, m, height_, zigzag_});
      Kokkos::parallel_scan("aspmv::ell_bro::symbol_starts", slice_range,
                            BroSymbolStarts<decltype(value_start_), decltype(bits_)>{value_start_, symbol_start_, bits_,
                                                                                     slices_, height_},
                            symbol_count_);
      exec.fence();
    }
    refuse_if_too_large("ELL-BRO", stored_, a.nnz(), longest_, bytes(), csr_bytes(a), options);
    symbols_ = allocate<std::uint32_t, memory_space>(exec, symbol_count_, "aspmv::ell_bro::symbols");
    vals_ = allocate<Value, memory_space>(exec, stored_, "aspmv::ell_bro::values");
    Kokkos::deep_copy(exec, symbols_, std::uint32_t(0));
    Kokkos::deep_copy(exec, vals_, Value(0));
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
    const auto s = read();
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      Kokkos::parallel_for("aspmv::spmv::ell_bro_rows", RangePolicy<ExecSpace>(exec, 0, m, Kokkos::ChunkSize(1)),
                           BroRowFunctor<Value, memory_space, XView, YView>{s, x, y, alpha, beta});
    } else {
      if (height_ == 8 && avx512_launch(exec, s, alpha, x, beta, y)) return;
      if (height_ == 4)
        slices_launch<4>(exec, s, alpha, x, beta, y);
      else if (height_ == 8)
        slices_launch<8>(exec, s, alpha, x, beta, y);
      else if (height_ == 16)
        slices_launch<16>(exec, s, alpha, x, beta, y);
      else
        slices_launch<0>(exec, s, alpha, x, beta, y);
    }
  }

  // CPUs: slices of 8 decoded in AVX-512 lanes where the CPU has them (the
  // table's host_row_simd 2); other heights and GPUs ignore it.
  void use_avx512(bool on) {
    avx512_ = on && !backends::Traits<ExecSpace>::is_gpu && height_ == 8 && backends::host::avx512_rows_available();
  }
  bool avx512() const { return avx512_; }

  BroView<Value, memory_space> read() const {
    return {lengths_, value_start_, symbol_start_, base_, bits_, symbols_, vals_, height_, zigzag_};
  }
  std::int64_t slice_height() const { return height_; }
  std::int64_t slices() const { return slices_; }
  std::int64_t stored_entries() const { return stored_; }
  std::int64_t symbols() const { return symbol_count_; }
  bool zigzag() const { return zigzag_; }
  std::int64_t bytes() const { return bro_bytes<Value>(stored_, symbol_count_, a_.num_rows(), slices_, height_); }

 private:
  // False (nothing launched) where the AVX-512 lanes are off or x is not a
  // contiguous host array of the values' type.
  template <class XView, class YView>
  bool avx512_launch(const ExecSpace& exec, const BroView<Value, memory_space>& s, Value alpha, const XView& x,
                     Value beta, const YView& y) const {
    if constexpr (!backends::host::avx512_array_type<Value, XView> ||
                  !backends::host::avx512_array_type<Value, decltype(s.vals)>) {
      return false;
    } else {
      if (!avx512_ || !backends::host::avx512_array(x)) return false;
      const int chunk = static_cast<int>(std::max<std::int64_t>(1, host_chunk_ / height_));
      Kokkos::parallel_for(
          "aspmv::spmv::ell_bro_slices", RangePolicy<ExecSpace>(exec, 0, slices_, Kokkos::ChunkSize(chunk)),
          BroAvx512SliceFunctor<Value, memory_space, XView, YView>{{s, x, y, alpha, beta, a_.num_rows()}, x.data()});
      return true;
    }
  }

  template <int Lanes, class XView, class YView>
  void slices_launch(const ExecSpace& exec, const BroView<Value, memory_space>& s, Value alpha, const XView& x,
                     Value beta, const YView& y) const {
    const int chunk = static_cast<int>(
        std::min<std::int64_t>(std::max<std::int64_t>(1, host_chunk_ / height_), std::numeric_limits<int>::max()));
    Kokkos::parallel_for(
        "aspmv::spmv::ell_bro_slices", RangePolicy<ExecSpace>(exec, 0, slices_, Kokkos::ChunkSize(chunk)),
        BroSliceFunctor<Lanes, Value, memory_space, XView, YView>{s, x, y, alpha, beta, a_.num_rows()});
  }

  void fill(const ExecSpace& exec, bool with_columns) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0 || stored_ == 0) return;
    Kokkos::parallel_for("aspmv::ell_bro::fill", RangePolicy<ExecSpace>(exec, 0, m),
                         BroFill<Matrix>{a_.row_offsets(), a_.col_indices(), a_.values(), value_start_, symbol_start_,
                                         base_, bits_, symbols_, vals_, height_, zigzag_, with_columns});
  }

  Matrix a_;
  std::int64_t host_chunk_;  // CPUs: rows a thread takes at a time (whole slices)
  std::int64_t height_ = 1, slices_ = 0, longest_ = 0, stored_ = 0, symbol_count_ = 0;
  bool zigzag_ = false;
  bool avx512_ = false;  // CPUs, slices of 8: full slices in AVX-512 lanes (use_avx512)
  Kokkos::View<std::int32_t*, memory_space> lengths_, base_;
  Kokkos::View<std::int64_t*, memory_space> value_start_, symbol_start_;
  Kokkos::View<std::uint8_t*, memory_space> bits_;
  Kokkos::View<std::uint32_t*, memory_space> symbols_;
  Kokkos::View<Value*, memory_space> vals_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct EllBro {
  static constexpr Kernel id = Kernel::ell_bro;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::sell_c, TableParameter::host_rows_per_chunk,
                                                  TableParameter::host_simd};
  template <class ExecSpace, class Matrix>
  using Step = impl::EllBroStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"ell_bro", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ctx.params.sell_slice_height, ctx.params.host_rows_per_chunk,
                                 ctx.options);
    step.use_avx512(ctx.params.host_row_simd == 2);
    GroupSummary g;
    g.kernel = id;
    g.team_size = static_cast<int>(step.slice_height());
    g.teams = step.slices();
    g.blocks = step.slices();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    const double stored = double(std::max<std::int64_t>(step.stored_entries(), 1));
    std::ostringstream d;
    d << "ELL-BRO: " << step.slices() << " slices of " << step.slice_height() << " rows, " << step.stored_entries()
      << " stored entries (" << (s.stats.nnz > 0 ? double(step.stored_entries()) / double(s.stats.nnz) : 1.0)
      << "x the nonzeros), column indices in " << 32.0 * double(step.symbols()) / stored << " bits a stored entry"
      << (step.zigzag() ? " (zigzag deltas: rows not strictly ascending)" : "") << ", " << step.bytes() << " bytes"
      << (step.avx512() ? ", slices in AVX-512 lanes" : "");
    g.detail = d.str();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
