// The compressed-column kernels against the long-double reference on
// matrices that make each of their paths run: rows narrow enough for 8-bit
// deltas, rows that need 16 bits, rows too wide for either (they read A's
// own indices), empty rows; every enabled space, float and double, int32 and
// int64 offsets. csr_delta (per-row bases, or distances from the row index
// where every entry is within reach of its row) at every TpR; csr_adaptive_delta
// (per-rowBlock bases, CSR-Adaptive's body) at every staging unroll, with the
// small table's tiny blocks (CSR-Stream, CSR-Vector and CSR-VectorL run),
// atomically and deterministically. The width csr_delta reports must be the
// one that moves fewer index bytes; the block encoding must choose its width
// and wide blocks by the same rule and give back every column of A.

#include <catch2/catch.hpp>

#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/impl/block_deltas.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/row_group_range.hpp>
#include <aspmv/kernels/csr_adaptive_delta.hpp>
#include <aspmv/kernels/csr_delta.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// `rows` rows of `num_cols` columns: row r holds the columns of a band of
// half-width `half` around its diagonal position (every `step`-th, so rows
// of wide bands stay short), and the rows listed in `wide` hold columns 0
// and num_cols - 1 (besides a few in between), spanning the whole width.
HostCsr<double, std::int64_t> banded(std::int32_t rows, std::int32_t num_cols, std::int32_t half, std::int32_t step,
                                     const std::vector<std::int32_t>& wide, std::uint64_t seed) {
  corpus::Rng rng(seed);
  HostCsr<double, std::int64_t> a;
  a.num_rows = rows;
  a.num_cols = num_cols;
  for (std::int32_t r = 0; r < rows; ++r) {
    std::vector<std::int32_t> cols;
    if (std::find(wide.begin(), wide.end(), r) != wide.end()) {
      cols = {0, num_cols / 3, num_cols / 2, num_cols - 1};
    } else if (r % 17 != 5) {  // every 17th row empty
      const std::int64_t centre = static_cast<std::int64_t>(r) * num_cols / rows;
      for (std::int64_t c = std::max<std::int64_t>(0, centre - half);
           c <= std::min<std::int64_t>(num_cols - 1, centre + half); c += step)
        cols.push_back(static_cast<std::int32_t>(c));
    }
    for (const auto c : cols) {
      a.col_indices.push_back(c);
      a.values.push_back(rng.signed_value());
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

// Entries at the given distances from each row's diagonal (those inside the matrix): a grid stencil's shape.
HostCsr<double, std::int64_t> diagonals(std::int32_t rows, const std::vector<std::int32_t>& distances,
                                        std::uint64_t seed) {
  corpus::Rng rng(seed);
  HostCsr<double, std::int64_t> a;
  a.num_rows = a.num_cols = rows;
  for (std::int32_t r = 0; r < rows; ++r) {
    for (const auto d : distances)
      if (r + d >= 0 && r + d < rows) {
        a.col_indices.push_back(r + d);
        a.values.push_back(rng.signed_value());
      }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

constexpr const char* from_rows = "from the row index";
constexpr const char* from_bases = "from a per-row base";

struct DeltaCase {
  std::string name;
  HostCsr<double, std::int64_t> matrix;
  std::string bits;       // the width the plan must choose ("8-bit", "16-bit")
  std::int64_t wide = 0;  // rows too wide for it
  std::string form;       // from_rows (every entry within reach of its row) or from_bases
};

std::vector<DeltaCase> delta_cases() {
  std::vector<DeltaCase> c;
  // Every entry within 60 of its row: signed 8-bit distances from the row index.
  c.push_back({"band of 2 x 60: 8 bits", banded(900, 900, 60, 1, {}, 1), "8-bit", 0, from_rows});
  // Within 22,461 of the row: 16-bit distances, as the per-row bases would need.
  c.push_back({"band of 2 x 3000 every 97th: 16 bits", banded(500, 20000, 3000, 97, {}, 2), "16-bit", 0, from_rows});
  // A grid stencil's shape: distances -1,500 to 1,500 (16 bits either way), rows cut at the matrix's edges.
  c.push_back({"diagonals at 0, +-1, +-40, +-1500", diagonals(3000, {-1500, -40, -1, 0, 1, 40, 1500}, 8), "16-bit", 0,
               from_rows});
  // Rows of 121 columns fit 8-bit bases, but they lie up to 960 from their row: the bases stay.
  c.push_back(
      {"band of 2 x 60 off the diagonal: 8-bit bases", banded(900, 1800, 60, 1, {}, 7), "8-bit", 0, from_bases});
  // Three rows spanning 200,000 columns: wide at either width; the rest fit 8 bits.
  c.push_back(
      {"band of 2 x 40 with 3 full-width rows", banded(600, 200000, 40, 1, {0, 311, 599}, 3), "8-bit", 3, from_bases});
  // Rows of 16-bit spans and two full-width rows.
  c.push_back({"band of 2 x 9000 every 301st with 2 full-width rows", banded(400, 200000, 9000, 301, {7, 8}, 4),
               "16-bit", 2, from_bases});
  // Mostly 8-bit rows, but the 16-bit ones carry most nonzeros: 16 bits.
  auto mixed = banded(300, 70000, 30, 1, {}, 5);
  {
    HostCsr<double, std::int64_t> m = banded(40, 70000, 20000, 7, {}, 6);
    for (std::int32_t r = 0; r < m.num_rows; ++r) {
      for (auto k = m.row_offsets[r]; k < m.row_offsets[r + 1]; ++k) {
        mixed.col_indices.push_back(m.col_indices[k]);
        mixed.values.push_back(m.values[k]);
      }
      mixed.row_offsets.push_back(static_cast<std::int64_t>(mixed.col_indices.size()));
      mixed.num_rows += 1;
    }
  }
  c.push_back({"8-bit rows and heavier 16-bit rows", mixed, "16-bit", 0, from_bases});
  return c;
}

template <class Space, class Value, class Offset>
void check_delta(const HostCsr<double, std::int64_t>& m, const std::string& name, int tpr, const std::string& bits,
                 std::int64_t wide, const std::string& form) {
  PlanOptions o;
  o.kernel = Kernel::csr_delta;
  o.threads_per_row = tpr;
  auto table = small_table();
  // GPUs: the range of warps (the default), the team launch, the range launched by the backend itself.
  for (const auto& [range, direct] : {std::pair{1, 0}, std::pair{0, 0}, std::pair{1, 1}}) {
    table.parameters.vector_range = range;
    table.parameters.direct_launch = direct;
    for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
      const auto r = run_plan<Space, Value, Offset>(m, o, c, 2, &table);
      INFO("space " << backends::Traits<Space>::name << ", matrix " << name << ", tpr " << tpr << ", vector_range "
                    << range << ", direct_launch " << direct << "\n"
                    << r.description);
      CHECK(r.comparison.within_bounds);
      if (!bits.empty()) {
        CHECK(r.description.find(bits + " column deltas") != std::string::npos);
        CHECK(r.description.find(" " + std::to_string(wide) + " wide rows") != std::string::npos);
        CHECK(r.description.find(bits + " column deltas " + form) != std::string::npos);
      }
      const bool groups = range == 1 && impl::row_groups_fit<Space>(tpr);
      CHECK((r.description.find("a range of warps, TpR lanes a row") != std::string::npos) == groups);
    }
  }
}

// The rowBlocks of `a` (host builder) with blocks of about 48 nonzeros and up
// to 64 rows: stream, vector and CSR-VectorL blocks.
std::vector<impl::AdaptiveBlock<std::int64_t>> test_blocks(const HostCsr<double, std::int64_t>& a) {
  impl::AdaptiveParams p;
  p.nnz_per_wg = 48;
  p.num_rows_stream = 2;
  p.nnz_multiplier = 2;
  p.max_rows = 64;
  auto blocks = impl::build_adaptive_blocks_host(a.row_offsets, p);
  impl::adaptive_split_rows_host(blocks);
  return blocks;
}

// What the block encoding must report, computed on the host: the width that
// moves fewer index bytes, its wide blocks and their nonzeros.
struct BlockExpectation {
  int bits = 8;
  std::int64_t wide_blocks = 0;
  std::int64_t wide_nonzeros = 0;
};
BlockExpectation expected_blocks(const HostCsr<double, std::int64_t>& a,
                                 const std::vector<impl::AdaptiveBlock<std::int64_t>>& blocks) {
  std::vector<std::pair<std::int64_t, std::int64_t>> spans;  // (entries, max - min or -1: a negative column)
  impl::WideNonzeros wide;
  for (const auto& b : blocks) {
    const bool part = b.kind == impl::adaptive_vector_long;
    const std::int64_t begin = part ? b.nnz_begin : a.row_offsets[b.row_begin];
    const std::int64_t end = part ? b.nnz_end : a.row_offsets[b.row_end];
    std::int64_t w = 0;
    if (end > begin) {
      const auto [lo, hi] = std::minmax_element(a.col_indices.begin() + begin, a.col_indices.begin() + end);
      w = *lo < 0 ? -1 : *hi - *lo;
    }
    spans.emplace_back(end - begin, w);
    if (w < 0 || w >= 256) wide.bits8 += end - begin;
    if (w < 0 || w >= 65536) wide.bits16 += end - begin;
  }
  BlockExpectation x;
  x.bits = impl::delta_bits(static_cast<std::int64_t>(a.col_indices.size()), wide);
  x.wide_nonzeros = x.bits == 8 ? wide.bits8 : wide.bits16;
  for (const auto& [n, w] : spans) x.wide_blocks += (w < 0 || w >= (x.bits == 8 ? 256 : 65536)) ? 1 : 0;
  return x;
}

// Entries whose column a block's source gives back wrong (a thread a block).
template <class Columns, class Blocks, class Offsets, class Cols>
struct WrongColumns {
  Columns columns;
  Blocks blocks;
  Offsets offsets;
  Cols cols;
  KOKKOS_FUNCTION void operator()(const std::int64_t w, std::int64_t& n) const {
    std::int64_t begin = 0, end = 0;
    impl::block_entries(blocks(w), offsets, begin, end);
    columns.with_run(w, [&](const auto& source) {
      for (auto k = begin; k < end; ++k) n += source(k) != cols(k) ? 1 : 0;
    });
  }
};

// Every column the block encoding of `host` gives back, compared on the device with A's.
template <class Space>
void check_block_columns(const HostCsr<double, std::int64_t>& host, const std::string& name) {
  Space exec;
  using Mem = typename Space::memory_space;
  DeviceCsr<double, std::int64_t, Mem> d(exec, host);
  const auto a = d.view();
  const auto host_blocks = test_blocks(host);
  const auto blocks = impl::to_device<Mem>(exec, host_blocks, "test::blocks");
  const impl::BlockDeltas<Space, std::decay_t<decltype(a)>> deltas(exec, a, blocks);
  const auto want = expected_blocks(host, host_blocks);
  INFO("space " << backends::Traits<Space>::name << ", matrix " << name << ", " << host_blocks.size() << " blocks");
  CHECK(deltas.bits() == want.bits);
  CHECK(deltas.wide_blocks() == want.wide_blocks);
  CHECK(deltas.wide_nonzeros() == want.wide_nonzeros);
  CHECK(deltas.blocks() == static_cast<std::int64_t>(host_blocks.size()));
  std::int64_t wrong = -1;
  deltas.visit([&](const auto& columns) {
    using Columns = std::decay_t<decltype(columns)>;
    Kokkos::parallel_reduce("test::block_columns",
                            Kokkos::RangePolicy<Space>(exec, 0, static_cast<std::int64_t>(host_blocks.size())),
                            WrongColumns<Columns, decltype(blocks), typename std::decay_t<decltype(a)>::offsets_view,
                                         typename std::decay_t<decltype(a)>::indices_view>{
                                columns, blocks, a.row_offsets(), a.col_indices()},
                            wrong);
  });
  CHECK(wrong == 0);
}

// A matrix whose middle row holds `long_row` entries (CSR-VectorL with the
// small table) whose blocks fit 8 bits, among band rows.
HostCsr<double, std::int64_t> band_with_long_row(std::int32_t rows, std::int32_t long_row, std::uint64_t seed) {
  auto a = banded(rows, std::max(rows, long_row), 20, 1, {}, seed);
  HostCsr<double, std::int64_t> out;
  out.num_rows = a.num_rows;
  out.num_cols = a.num_cols;
  corpus::Rng rng(seed + 1);
  for (std::int32_t r = 0; r < a.num_rows; ++r) {
    if (r == rows / 2)
      for (std::int32_t c = 0; c < long_row; ++c) {
        out.col_indices.push_back(c);
        out.values.push_back(rng.signed_value());
      }
    else
      for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) {
        out.col_indices.push_back(a.col_indices[k]);
        out.values.push_back(a.values[k]);
      }
    out.row_offsets.push_back(static_cast<std::int64_t>(out.col_indices.size()));
  }
  return out;
}

template <class Space, class Value, class Offset>
void check_adaptive_delta(const HostCsr<double, std::int64_t>& m, const std::string& name) {
  const auto table = small_table();
  for (const int unroll : {1, 4, 8})
    for (const bool deterministic : {false, true}) {
      PlanOptions o;
      o.kernel = Kernel::csr_adaptive_delta;
      o.adaptive_unroll = unroll;
      o.deterministic = deterministic;
      const SpmvCase c = deterministic ? SpmvCase{-1.5, 2.0, false, 4} : SpmvCase{1.0, 0.0, true, 3};
      const auto r = run_plan<Space, Value, Offset>(m, o, c, 2, &table);
      INFO("space " << backends::Traits<Space>::name << ", matrix " << name << ", unroll " << unroll
                    << (deterministic ? ", deterministic" : "") << "\n"
                    << r.description);
      CHECK(r.comparison.within_bounds);
      CHECK(r.description.find("-bit column deltas from a base per rowBlock") != std::string::npos);
    }
}

}  // namespace

TEST_CASE("csr_delta moves the fewer index bytes", "[kernels][csr_delta]") {
  // 1 byte per narrow nonzero + 4 per wide one, against 2 + 4.
  CHECK(impl::delta_index_bytes(1000, 0, 8) == 1000);
  CHECK(impl::delta_index_bytes(1000, 0, 16) == 2000);
  CHECK(impl::delta_index_bytes(1000, 400, 8) == 600 + 1600);
  CHECK(impl::delta_index_bytes(1000, 10, 16) == 1980 + 40);
}

TEMPLATE_LIST_TEST_CASE("csr_delta equals the reference at every width and TpR", "[kernels][csr_delta]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  for (const auto& d : delta_cases())
    for (int tpr = 1; tpr <= backends::Traits<Space>::max_tpr; tpr *= 2)
      check_delta<Space, Value, Offset>(d.matrix, d.name, tpr, d.bits, d.wide, d.form);
  for (const auto& e : corpus::edge_case_matrices(23))
    for (const int tpr : {1, 2, 8}) check_delta<Space, Value, Offset>(e.matrix, e.name, tpr, "", 0, "");
}

TEMPLATE_LIST_TEST_CASE("block deltas give back every column of A", "[kernels][csr_delta][csr_adaptive_delta]",
                        Spaces) {
  for (const auto& d : delta_cases()) check_block_columns<TestType>(d.matrix, d.name);
  check_block_columns<TestType>(band_with_long_row(700, 3000, 9), "band with a row of 3,000");
  for (const auto& e : corpus::edge_case_matrices(29)) check_block_columns<TestType>(e.matrix, e.name);
}

TEMPLATE_LIST_TEST_CASE("csr_adaptive_delta equals the reference at every width, unroll and mode",
                        "[kernels][csr_adaptive_delta]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  for (const auto& d : delta_cases()) check_adaptive_delta<Space, Value, Offset>(d.matrix, d.name);
  check_adaptive_delta<Space, Value, Offset>(band_with_long_row(700, 3000, 9), "band with a row of 3,000");
  check_adaptive_delta<Space, Value, Offset>(band_with_long_row(1500, 70000, 11), "band with a row of 70,000");
  for (const auto& e : corpus::edge_case_matrices(31)) check_adaptive_delta<Space, Value, Offset>(e.matrix, e.name);
}
