// The literature's TpR rules and the kernel rule.

#include <catch2/catch.hpp>

#include <predictors/format_rules.hpp>
#include <predictors/kernel_rules.hpp>
#include <predictors/tpr_rules.hpp>

using namespace aspmv;
using namespace aspmv::predictors;

namespace {
RowStats stats(std::int64_t m, std::int64_t nnz) {
  RowStats s;
  s.rows = m;
  s.cols = m;
  s.nnz = nnz;
  s.mean = m > 0 ? double(nnz) / double(m) : 0.0;
  return s;
}
}  // namespace

TEST_CASE("CUSP mean rule (Gao Eq. 1) on Gao Table 1's matrices", "[rules]") {
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 300)) == 4);  // mk12-b2: mean 3 -> 4
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 800)) == 8);  // n2c6-b7: mean 8 -> 8
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 410)) == 8);  // ceil(4.1) = 5 -> 8
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 100000)) == 32);
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 100000), 64) == 64);
  CHECK(tpr_by_rule(TprRule::cusp_mean, stats(100, 0)) == 1);
}

TEST_CASE("Reguly sqrt-mean rule (Gao Eq. 2)", "[rules]") {
  CHECK(tpr_by_rule(TprRule::reguly_sqrt_mean, stats(100, 300)) == 2);   // sqrt 3 -> 2
  CHECK(tpr_by_rule(TprRule::reguly_sqrt_mean, stats(100, 800)) == 4);   // sqrt 8 = 2.83 -> 3 -> 4
  CHECK(tpr_by_rule(TprRule::reguly_sqrt_mean, stats(100, 1600)) == 4);  // sqrt 16 = 4
  CHECK(tpr_by_rule(TprRule::reguly_sqrt_mean, stats(10, 1000000)) == 32);
}

TEST_CASE("Kokkos Kernels' rule: smallest VL with 6 VL >= floor(nnz/m)", "[rules]") {
  CHECK(tpr_by_rule(TprRule::kokkos_kernels, stats(100, 600)) == 1);   // 6
  CHECK(tpr_by_rule(TprRule::kokkos_kernels, stats(100, 700)) == 2);   // 7
  CHECK(tpr_by_rule(TprRule::kokkos_kernels, stats(100, 1299)) == 2);  // floor 12.99 = 12 = 6 * 2
  CHECK(tpr_by_rule(TprRule::kokkos_kernels, stats(100, 100000)) == 32);
}

TEST_CASE("the kernel rule: partition on GPUs when rows reach T_LONG, merge-path on uneven CPU rows", "[rules]") {
  KernelParameters p{};
  p.t_long = 100;
  p.auto_adaptive_min_nnz = 0;
  auto s = stats(1000, 5000);
  s.min = 1;
  s.max = 99;
  s.var = 4;
  CHECK(choose_kernel_by_rule(s, true, true, p).kernel == Kernel::csr_vector);
  CHECK(choose_kernel_by_rule(s, true, false, p).kernel == Kernel::csr_scalar);
  s.max = 100;
  CHECK(choose_kernel_by_rule(s, true, true, p).kernel == Kernel::gao_partitioned);
  CHECK(choose_kernel_by_rule(s, true, false, p).kernel == Kernel::merge_path);
  CHECK(choose_kernel_by_rule(s, false, true, p).kernel == Kernel::csr_vector);  // known features only
  CHECK(choose_kernel_by_rule(stats(10, 0), true, true, p).kernel == Kernel::csr_vector);
  p.auto_adaptive_min_nnz = 5000;  // large matrices on GPUs: CSR-Adaptive
  CHECK(choose_kernel_by_rule(s, true, true, p).kernel == Kernel::csr_adaptive);
  CHECK(choose_kernel_by_rule(s, true, false, p).kernel == Kernel::merge_path);
  CHECK(choose_kernel_by_rule(stats(1000, 4999), true, true, p).kernel == Kernel::csr_vector);
}

TEST_CASE("the drop-in rule runs vector_split on GPUs and CSR-scalar on CPUs", "[rules]") {
  const auto gpu = choose_direct_kernel(true);
  CHECK(gpu.kernel == Kernel::vector_split);
  CHECK(gpu.tpr == 1);
  CHECK(std::string(gpu.source) == "rule");
  const auto cpu = choose_direct_kernel(false);
  CHECK(cpu.kernel == Kernel::csr_scalar);
  CHECK(cpu.tpr == 1);
}

// predictors/format_rules.hpp: DIA where the bytes it saves over the
// expected calls pay for the conversion (dia_rule_conversion_calls calls).
TEST_CASE("DIA rule: the fill that pays, the size floor, the guard", "[rules][dia]") {
  // 27-point stencil rows, double: CSR 12 bytes a nonzero + 4 a row.
  const RowStats s = stats(1000000, 27000000);
  const double csr = 27e6 * 12.0 + 4.0 * 1000001.0;
  const auto r = dia_by_rule(s, 100, 16, 8, 1.5);
  REQUIRE(r.try_dia);
  CHECK(r.max_fill == Approx((1.0 - dia_rule_conversion_calls / 100.0) * csr / (27e6 * (8.0 + 1.0 / 8.0))));
  CHECK(r.max_fill > 1.0);  // a grid's few holes pass
  CHECK(r.why.find("DIA rule: pays over 100 calls up to ") == 0);
  // More calls: a larger fill pays, up to the caller's guard.
  CHECK(dia_by_rule(s, 1000, 16, 8, 1.5).max_fill > r.max_fill);
  CHECK(dia_by_rule(s, 1000000, 16, 8, 1.2).max_fill == 1.2);
  // Float: 8 bytes a CSR nonzero against 4 + 1/8 a slot.
  CHECK(dia_by_rule(s, 100, 16, 4, 3.0).max_fill > r.max_fill);
  // Too few calls: no layout pays.
  const auto few = dia_by_rule(s, 30, 16, 8, 1.5);
  CHECK_FALSE(few.try_dia);
  CHECK(few.why.find("no diagonal layout pays") != std::string::npos);
  // The floor: dia_rule_min_nnz_per_thread a thread.
  const std::int64_t floor16 = dia_rule_min_nnz_per_thread * 16;
  CHECK_FALSE(dia_by_rule(stats(floor16 / 5, floor16 - 1), 1000, 16, 8, 1.5).try_dia);
  CHECK(dia_by_rule(stats(floor16 / 5, floor16 - 1), 1000, 16, 8, 1.5).why.find("nonzeros <") != std::string::npos);
  CHECK(dia_by_rule(stats(floor16 / 5, floor16), 1000, 16, 8, 1.5).try_dia);
  CHECK(dia_by_rule(stats(floor16 / 5, floor16 - 1), 1000, 1, 8, 1.5).try_dia);
  // Empty matrices: never.
  CHECK_FALSE(dia_by_rule(stats(0, 0), 1000, 1, 8, 1.5).try_dia);
  CHECK_FALSE(dia_by_rule(stats(10, 0), 1000, 1, 8, 1.5).try_dia);
}
