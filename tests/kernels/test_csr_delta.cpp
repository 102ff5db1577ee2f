// CSR-delta (compressed column indices) against the long-double reference on
// matrices that make each of its paths run: rows narrow enough for 8-bit
// deltas, rows that need 16 bits, rows too wide for either (they read A's
// own indices), empty rows; every TpR, every enabled space, float and
// double, int32 and int64 offsets. The width the plan reports must be the
// one that moves fewer index bytes.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/csr_delta.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <algorithm>
#include <string>
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

struct DeltaCase {
  std::string name;
  HostCsr<double, std::int64_t> matrix;
  std::string bits;       // the width the plan must choose ("8-bit", "16-bit")
  std::int64_t wide = 0;  // rows too wide for it
};

std::vector<DeltaCase> delta_cases() {
  std::vector<DeltaCase> c;
  c.push_back({"band of 2 x 60: 8 bits", banded(900, 900, 60, 1, {}, 1), "8-bit", 0});
  c.push_back({"band of 2 x 3000 every 97th: 16 bits", banded(500, 20000, 3000, 97, {}, 2), "16-bit", 0});
  // Three rows spanning 200,000 columns: wide at either width; the rest fit 8 bits.
  c.push_back({"band of 2 x 40 with 3 full-width rows", banded(600, 200000, 40, 1, {0, 311, 599}, 3), "8-bit", 3});
  // Rows of 16-bit spans and two full-width rows.
  c.push_back(
      {"band of 2 x 9000 every 301st with 2 full-width rows", banded(400, 200000, 9000, 301, {7, 8}, 4), "16-bit", 2});
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
  c.push_back({"8-bit rows and heavier 16-bit rows", mixed, "16-bit", 0});
  return c;
}

template <class Space, class Value, class Offset>
void check_delta(const HostCsr<double, std::int64_t>& m, const std::string& name, int tpr, const std::string& bits,
                 std::int64_t wide) {
  PlanOptions o;
  o.kernel = Kernel::csr_delta;
  o.threads_per_row = tpr;
  for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
    const auto r = run_plan<Space, Value, Offset>(m, o, c, 2);
    INFO("space " << backends::Traits<Space>::name << ", matrix " << name << ", tpr " << tpr << "\n" << r.description);
    CHECK(r.comparison.within_bounds);
    if (!bits.empty()) {
      CHECK(r.description.find(bits + " column deltas") != std::string::npos);
      CHECK(r.description.find(" " + std::to_string(wide) + " wide rows") != std::string::npos);
    }
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
    for (int tpr = 1; tpr <= backends::Traits<Space>::max_tpr; tpr *= 4)
      check_delta<Space, Value, Offset>(d.matrix, d.name, tpr, d.bits, d.wide);
  for (const auto& e : corpus::edge_case_matrices(23))
    for (const int tpr : {1, 2}) check_delta<Space, Value, Offset>(e.matrix, e.name, tpr, "", 0);
}
