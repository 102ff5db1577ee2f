// The analysis a plan runs on the device agrees with its host twin: row
// statistics, CSR-Adaptive rowBlocks, CSR validation.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/features.hpp>
#include <aspmv/kernels/csr_adaptive.hpp>
#include <aspmv/matrix_features.hpp>
#include <aspmv/validate.hpp>
#include <backends/traits.hpp>

#include <corpus/random_csr.hpp>

#include <cmath>
#include <limits>

using namespace aspmv;

namespace {
std::vector<corpus::NamedMatrix> analysis_matrices() {
  auto m = corpus::edge_case_matrices(5);
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 20000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 3;
  s.spread = 1.9;
  s.max_row = 15000;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  s.lengths = corpus::RowLengths::geometric;
  s.mean = 40;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  return m;
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("row statistics on the device equal the host's", "[analysis]", testing::Spaces) {
  TestType exec;
  for (const auto& m : analysis_matrices()) {
    INFO(m.name);
    DeviceCsr<double, std::int64_t, typename TestType::memory_space> a(exec, m.matrix);
    const auto d = row_stats(exec, a.view());
    const auto h = row_stats(m.matrix);
    CHECK(d.rows == h.rows);
    CHECK(d.cols == h.cols);
    CHECK(d.nnz == h.nnz);
    if (h.rows > 0) {
      CHECK(d.min == h.min);
      CHECK(d.max == h.max);
    }
    CHECK(d.mean == Approx(h.mean));
    CHECK(d.var == Approx(h.var).margin(1e-9));
  }
}

TEMPLATE_LIST_TEST_CASE("row statistics agree over more rows than one grid pass, pass after pass", "[analysis]",
                        testing::Spaces) {
  // The backend's reduction (CUDA: at most 1,024 blocks of 256 threads, a done counter the last block resets) and
  // Kokkos' on the same matrix, three times each, and on a second instance: min, max and var equal the host's.
  TestType exec;
  corpus::RandomCsrSpec s;
  s.rows = 300000;  // > 1,024 x 256: the grid strides
  s.cols = 1000;
  s.lengths = corpus::RowLengths::uniform;
  s.mean = 2;
  s.spread = 2;
  auto m = corpus::random_csr(s);
  const auto other = backends::Traits<TestType>::new_instance();  // a queue of its own on GPUs
  for (const std::int64_t rows : {std::int64_t(s.rows), std::int64_t(1), std::int64_t(257)}) {
    INFO("rows " << rows);
    HostCsr<double, std::int64_t> sub;
    sub.num_rows = rows;
    sub.num_cols = m.num_cols;
    sub.row_offsets.assign(m.row_offsets.begin(), m.row_offsets.begin() + rows + 1);
    sub.col_indices.assign(m.col_indices.begin(), m.col_indices.begin() + sub.row_offsets.back());
    sub.values.assign(sub.col_indices.size(), 1.0);
    const auto h = row_stats(sub);
    DeviceCsr<double, std::int32_t, typename TestType::memory_space> a(exec, sub);
    for (int pass = 0; pass < 3; ++pass) {
      for (const auto& d :
           {row_stats(exec, a.view()), impl::row_stats_by_kokkos(exec, a.view()), row_stats(other.space, a.view())}) {
        CHECK(d.min == h.min);
        CHECK(d.max == h.max);
        CHECK(d.nnz == h.nnz);
        CHECK(d.var == Approx(h.var).epsilon(1e-9).margin(1e-12));
      }
    }
  }
}

TEMPLATE_LIST_TEST_CASE("every feature on the device equals the host's", "[analysis][features]", testing::Spaces) {
  TestType exec;
  auto matrices = analysis_matrices();
  // Long rows everywhere: the mode and median fall past the histogram.
  corpus::RandomCsrSpec s;
  s.rows = 3000;
  s.cols = 9000;
  s.lengths = corpus::RowLengths::uniform;
  s.mean = 3000;
  s.spread = 10;
  matrices.push_back({"long-rows-everywhere", corpus::random_csr(s)});
  for (const auto& m : matrices) {
    INFO(m.name);
    DeviceCsr<float, std::int32_t, typename TestType::memory_space> a(exec, m.matrix);
    const auto d = matrix_features(exec, a.view());
    const auto h = matrix_features(m.matrix);
    CHECK(d.shape.mode == h.shape.mode);
    CHECK(d.shape.median == h.shape.median);
    CHECK(d.columns.min_dist == h.columns.min_dist);
    CHECK(d.columns.max_dist == h.columns.max_dist);
    CHECK(d.columns.bandwidth == h.columns.bandwidth);
    CHECK(d.stats.max == h.stats.max);
    if (m.matrix.num_rows > 0) {  // every group was timed: a device pass takes a nonzero time on the steady clock
      CHECK(d.time_row_stats > 0);
      CHECK(d.time_row_histogram > 0);
      CHECK(d.time_columns > 0);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("the longest column on the device equals the host's", "[analysis][features]", testing::Spaces) {
  TestType exec;
  auto matrices = analysis_matrices();
  // Every nonzero in one column; a matrix of many empty columns and one full one.
  HostCsr<double, std::int64_t> one_column;
  one_column.num_rows = 5000;
  one_column.num_cols = 3;
  one_column.row_offsets.clear();  // row r holds entry r
  for (std::int64_t r = 0; r <= one_column.num_rows; ++r) one_column.row_offsets.push_back(r);
  one_column.col_indices.assign(5000, 2);
  one_column.values.assign(5000, 1.0);
  matrices.push_back({"one-full-column-of-3", one_column});
  for (const auto& m : matrices) {
    INFO(m.name);
    DeviceCsr<double, std::int64_t, typename TestType::memory_space> a(exec, m.matrix);
    CHECK(max_column_nnz(exec, a.view()) == max_column_nnz(m.matrix));
  }
  CHECK(max_column_nnz(one_column) == 5000);
  HostCsr<double, std::int32_t> hand;  // columns 0..3 hold 1, 3, 0, 2 nonzeros
  hand.num_rows = 3;
  hand.num_cols = 4;
  hand.row_offsets = {0, 2, 4, 6};
  hand.col_indices = {0, 1, 1, 3, 1, 3};
  hand.values.assign(6, 1.0);
  CHECK(max_column_nnz(hand) == 3);
  DeviceCsr<float, std::int32_t, typename TestType::memory_space> h(exec, hand);
  CHECK(max_column_nnz(exec, h.view()) == 3);
}

TEST_CASE("host features on a hand-made matrix", "[analysis][features]") {
  HostCsr<double, std::int64_t> a;
  a.num_rows = 4;
  a.num_cols = 10;
  a.row_offsets = {0, 3, 3, 5, 7};
  a.col_indices = {0, 4, 9, 1, 2, 5, 8};  // gaps 4, 5 | - | 1 | 3
  a.values = {1, 1, 1, 1, 1, 1, 1};
  const auto f = matrix_features(a);
  CHECK(f.shape.mode == 2);    // lengths 3, 0, 2, 2
  CHECK(f.shape.median == 2);  // sorted 0 2 2 3: lower median at position 1
  CHECK(f.columns.min_dist == 1);
  CHECK(f.columns.max_dist == 5);
  CHECK(f.columns.bandwidth == 9);                     // row 0, column 9
  CHECK(f.dispersion() == Approx(std::sqrt(1.1875)));  // mean 1.75, var (1.5625+3.0625+0.0625+0.0625)/4
}

TEMPLATE_LIST_TEST_CASE("CSR-Adaptive rowBlocks built on the device equal the host's", "[analysis][adaptive]",
                        testing::Spaces) {
  TestType exec;
  using Mem = typename TestType::memory_space;
  for (const impl::AdaptiveParams p : {impl::AdaptiveParams{32, 2, 2, 256}, impl::AdaptiveParams{1536, 2, 2, 256},
                                       impl::AdaptiveParams{100, 1, 3, 7}}) {
    for (const auto& m : analysis_matrices()) {
      INFO(m.name << ", NNZ_PER_WG " << p.nnz_per_wg << ", R " << p.max_rows);
      const auto host = impl::build_adaptive_blocks_host(m.matrix.row_offsets, p);
      auto host_blocks = host;
      const auto host_split = impl::adaptive_split_rows_host(host_blocks);
      DeviceCsr<double, std::int64_t, Mem> a(exec, m.matrix);
      const auto dev = impl::build_adaptive_blocks_device(exec, a.view().row_offsets(), m.matrix.num_rows, p);
      auto blocks = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dev.blocks);
      auto split = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dev.split_rows);
      REQUIRE(blocks.extent(0) == host.size());
      REQUIRE(split.extent(0) == host_split.size());
      std::int64_t mismatches = 0, covered_rows = 0, stage_overflow = 0;
      for (std::size_t i = 0; i < host.size(); ++i) {
        const auto& h = host[i];
        const auto& d = blocks(i);
        mismatches += h.row_begin != d.row_begin || h.row_end != d.row_end || h.nnz_begin != d.nnz_begin ||
                      h.nnz_end != d.nnz_end || h.kind != d.kind;
        if (i == 0 || host[i - 1].row_begin != h.row_begin) covered_rows += h.row_end - h.row_begin;
        if (h.kind == impl::adaptive_stream) {
          stage_overflow += h.nnz_end - h.nnz_begin >= 2 * p.nnz_per_wg;  // the stage holds < 2 W
          stage_overflow += h.row_end - h.row_begin > p.max_rows;
        }
      }
      for (std::size_t i = 0; i < host_split.size(); ++i)
        mismatches += host_split[i].row != split(i).row || host_split[i].slot_begin != split(i).slot_begin ||
                      host_split[i].slot_end != split(i).slot_end;
      CHECK(mismatches == 0);
      CHECK(covered_rows == m.matrix.num_rows);  // every row in exactly one block
      CHECK(stage_overflow == 0);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("validate finds the same problems on the device as on the host", "[analysis][validate]",
                        testing::Spaces) {
  TestType exec;
  using Mem = typename TestType::memory_space;
  corpus::RandomCsrSpec s;
  s.rows = 300;
  s.cols = 200;
  s.mean = 9;
  const auto good = corpus::random_csr(s);
  auto check_same = [&](const HostCsr<double, std::int64_t>& h, bool expect_valid) {
    const auto rh = validate(h);
    // Device views straight from the (possibly broken) host arrays, no conversion checks.
    Kokkos::View<std::int64_t*, Mem> off("off", h.row_offsets.size());
    Kokkos::View<std::int32_t*, Mem> col("col", h.col_indices.size());
    Kokkos::View<double*, Mem> val("val", h.values.size());
    Kokkos::deep_copy(off, Kokkos::View<const std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
                               h.row_offsets.data(), h.row_offsets.size()));
    Kokkos::deep_copy(col, Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
                               h.col_indices.data(), h.col_indices.size()));
    Kokkos::deep_copy(
        val, Kokkos::View<const double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.values.data(), h.values.size()));
    const auto rd = validate(exec, CsrMatrix<double, std::int64_t, Mem>(h.num_rows, h.num_cols, off, col, val));
    INFO("host: " << rh.first_problem << " / device: " << rd.first_problem);
    CHECK(rh.valid() == expect_valid);
    CHECK(rd.valid() == expect_valid);
    CHECK(rd.first_problem == rh.first_problem);
    CHECK(rd.unsorted_rows == rh.unsorted_rows);
    CHECK(rd.duplicate_entries == rh.duplicate_entries);
    CHECK(rd.values_finite == rh.values_finite);
  };
  check_same(good, true);
  auto bad_col = good;
  bad_col.col_indices[17] = 200;
  check_same(bad_col, false);
  auto negative_col = good;
  negative_col.col_indices[3] = -1;
  check_same(negative_col, false);
  auto decreasing = good;
  decreasing.row_offsets[100] = decreasing.row_offsets[99] - 1;
  check_same(decreasing, false);
  auto wrong_end = good;
  wrong_end.row_offsets.back() -= 1;
  check_same(wrong_end, false);
  auto unsorted = good;
  std::swap(unsorted.col_indices[good.row_offsets[5]], unsorted.col_indices[good.row_offsets[5] + 1]);
  check_same(unsorted, true);  // reported, not an error by default
  auto nan = good;
  nan.values[8] = std::numeric_limits<double>::quiet_NaN();
  check_same(nan, true);
  CHECK_FALSE(validate(nan, {false, false, true}).valid());
  CHECK_FALSE(validate(unsorted, {true, false, false}).valid());
}
