// The library comparators of `aspmv bench` and the collector against the
// long-double reference, as every kernel is: oneMKL's inspector-executor on
// host spaces and Kokkos Kernels' native spmv on the default space (where the
// build has them; a build without either has no cases here, and says so in
// one skipped-test line), on the edge cases and random matrices of every
// row-length distribution, float and double, int32 and int64 offsets, three
// alpha/beta cases (beta = 0 among them). A timing comparison is only fair if
// the comparator computes the product we compute.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <backends/comparators.hpp>
#include <backends/traits.hpp>

#include <corpus/random_csr.hpp>

#include <type_traits>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> comparator_matrices() {
  auto m = corpus::edge_case_matrices(11);
  std::uint64_t seed = 500;
  for (const auto d : {corpus::RowLengths::constant, corpus::RowLengths::uniform, corpus::RowLengths::geometric,
                       corpus::RowLengths::bimodal, corpus::RowLengths::zipf})
    for (const std::int32_t rows : {5, 300, 2000}) {
      corpus::RandomCsrSpec s;
      s.lengths = d;
      s.rows = rows;
      s.cols = seed % 2 == 0 ? rows : rows / 3 + 7;
      s.mean = 9;
      s.spread = d == corpus::RowLengths::bimodal ? 400 : (d == corpus::RowLengths::zipf ? 1.6 : 4);
      s.long_fraction = 0.02;
      s.sorted = seed % 3 != 0;
      s.duplicates = seed % 4 == 0;
      s.seed = seed++;
      m.push_back({corpus::name(s), corpus::random_csr(s)});
    }
  return m;
}

struct Scaling {
  double alpha, beta;
};
constexpr Scaling scalings[] = {{1.0, 0.0}, {-0.75, 1.5}, {2.0, -1.0}};

// Runs make(exec, A) once per scaling and checks op.apply(alpha, x, beta, y).
template <class Space, class Value, class Offset, class Make>
void check_comparator(const char* what, Make&& make) {
  for (const auto& m : comparator_matrices())
    for (const auto s : scalings) {
      const auto out = run_launches<Space, Value, Offset>(
          m.matrix, s.alpha, s.beta, 1, 31,
          [&](const Space& exec, const auto& a, Value alpha, const auto& x, Value beta, const auto& y) {
            const auto op = make(exec, a);
            op->apply(alpha, x, beta, y);
          });
      INFO(what << " on " << backends::Traits<Space>::name << ", matrix " << m.name << ", alpha " << s.alpha
                << ", beta " << s.beta);
      CHECK(out.comparison.within_bounds);
    }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("oneMKL's inspector-executor spmv equals the reference", "[kernels][comparators][mkl]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
#if defined(ASPMV_HAVE_MKL)
  if constexpr (!backends::Traits<Space>::is_gpu) {
    check_comparator<Space, Value, Offset>("oneMKL", [](const Space& exec, const auto& a) {
      return std::make_unique<backends::mkl::InspectorExecutorSpmv<Space, Value, Offset>>(exec, a);
    });
    return;
  }
#endif
  SUCCEED("no oneMKL comparator for this space in this build");
}

TEMPLATE_LIST_TEST_CASE("Kokkos Kernels' native spmv equals the reference", "[kernels][comparators][kokkos_kernels]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
  if constexpr (std::is_same<Space, Kokkos::DefaultExecutionSpace>::value) {
    check_comparator<Space, Value, Offset>("Kokkos Kernels", [](const Space&, const auto& a) {
      struct Op {  // the comparator's apply without the space argument
        backends::kokkos_kernels::NativeSpmv<Space, Value, Offset> native;
        void apply(Value alpha, const Kokkos::View<Value*, typename Space::memory_space>& x, Value beta,
                   const Kokkos::View<Value*, typename Space::memory_space>& y) const {
          native.apply(alpha, x, beta, y);
        }
      };
      return std::make_unique<Op>(Op{backends::kokkos_kernels::NativeSpmv<Space, Value, Offset>(a)});
    });
    return;
  }
#endif
  SUCCEED("no Kokkos Kernels comparator for this space in this build");
}
