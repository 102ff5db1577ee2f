#pragma once
// What the hidden-cost tests share: a problem (matrix, x, y on one execution
// space, with the host data to reset y and check it), the plans and the
// coefficients they are run with, and the counted run with its check.
// Public API only: the tests must hold for any implementation of the calls.

#include "support/kokkos_event_counter.hpp"
#include "support/plan_variants.hpp"
#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/reference.hpp>
#include <aspmv/spmv.hpp>
#include <backends/range_launch.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::testing::hidden_costs {

// Calls made before counting (Kokkos sets some internals up lazily on a
// first use: OpenMP/Serial team scratch, CUDA kernel loading and launch
// buffers), then calls counted.
inline constexpr int warmup_calls = 2;
inline constexpr int counted_calls = 3;

// y = alpha A x + beta y with the paths each coefficient pair takes.
struct Coefficients {
  double alpha;
  double beta;
  const char* what;
};

inline const std::vector<Coefficients>& coefficient_cases() {
  static const std::vector<Coefficients> c{{1.0, 0.0, "beta = 0"}, {-1.5, 2.0, "beta != 0"}, {0.0, -2.0, "alpha = 0"}};
  return c;
}

// A few generated matrices: random rows, a power law, and long rows among
// short ones (with the small table, Gao's long-row teams and split rows and
// CSR-Adaptive's VectorL run; the 5000-entry rows are long for every
// shipped table too).
inline std::vector<corpus::NamedMatrix> generated_matrices() {
  std::vector<corpus::NamedMatrix> m;
  corpus::RandomCsrSpec s;
  s.rows = 500;
  s.cols = 400;
  s.lengths = corpus::RowLengths::uniform;
  s.mean = 9;
  s.spread = 4;
  s.seed = 3;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  s.rows = s.cols = 3000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 4;
  s.spread = 1.6;
  s.max_row = 3000;
  s.seed = 5;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({"short-rows-with-4-rows-of-300", corpus::short_rows_with_long_rows(1500, 4, 300, 7)});
  m.push_back({"short-rows-with-3-rows-of-5000", corpus::short_rows_with_long_rows(6000, 3, 5000, 9)});
  return m;
}

// A matrix, x and y on `exec`'s memory space, and the host copies that
// reset y and check it against the long-double reference.
template <class Space, class Value, class Offset>
class Problem {
 public:
  using memory_space = typename Space::memory_space;
  using vector_type = Kokkos::View<Value*, memory_space>;
  using host_vector = Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
  using host_const_vector = Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;

  Problem(const Space& exec, const corpus::NamedMatrix& m, std::uint64_t seed)
      : exec_(exec),
        name_(m.name),
        host_(convert<Value, std::int64_t>(m.matrix)),
        a_(exec, m.matrix, "aspmv::test::A"),
        x_host_(static_cast<std::size_t>(m.matrix.num_cols)),
        y0_host_(static_cast<std::size_t>(m.matrix.num_rows)),
        x_("aspmv::test::x", x_host_.size()),
        y_("aspmv::test::y", y0_host_.size()) {
    corpus::Rng rng(seed);
    for (auto& v : x_host_) v = static_cast<Value>(rng.signed_value());
    for (auto& v : y0_host_) v = static_cast<Value>(rng.signed_value());
    Kokkos::deep_copy(exec_, x_, host_const_vector(x_host_.data(), x_host_.size()));
    reset_y();
  }

  const Space& exec() const { return exec_; }
  const std::string& name() const { return name_; }
  const CsrMatrix<Value, Offset, memory_space>& matrix() const { return a_.view(); }
  std::int32_t num_rows() const { return host_.num_rows; }
  const vector_type& x() const { return x_; }
  const vector_type& y() const { return y_; }

  // y = y0, finished before the next call starts.
  void reset_y() const {
    Kokkos::deep_copy(exec_, y_, host_const_vector(y0_host_.data(), y0_host_.size()));
    exec_.fence();
  }

  // y against alpha A x + beta y0.
  Comparison compare_y(double alpha, double beta) const {
    std::vector<Value> y(y0_host_.size());
    Kokkos::deep_copy(exec_, host_vector(y.data(), y.size()), y_);
    exec_.fence();
    return compare(host_, y, reference_spmv(host_, alpha, x_host_, beta, y0_host_), epsilon_of<Value>());
  }

 private:
  Space exec_;
  std::string name_;
  HostCsr<Value, std::int64_t> host_;  // the values as rounded to Value
  DeviceCsr<Value, Offset, memory_space> a_;
  std::vector<Value> x_host_, y0_host_;
  vector_type x_, y_;
};

struct CountedRun {
  KokkosEvents events;    // summed over the counted calls
  Comparison comparison;  // of the last call's y
};

// Makes `call` warmup_calls times uncounted, then counted_calls times, each
// under its own counter with y reset (and the reset finished) outside it.
template <class P, class Call>
CountedRun count_calls(const P& p, double alpha, double beta, const Call& call) {
  for (int i = 0; i < warmup_calls; ++i) {
    p.reset_y();
    call();
  }
  CountedRun r;
  for (int i = 0; i < counted_calls; ++i) {
    p.reset_y();
    const KokkosEventCounter counter;
    call();
    r.events += counter.events();
  }
  r.comparison = p.compare_y(alpha, beta);
  return r;
}

// Whether Kokkos' hooks see the kernels of calls planned with `table` on
// Space: not where the table lets the backend launch its range kernels
// itself (backends/range_launch.hpp: CUDA's runtime or driver launch, the
// table's direct_launch), which bypasses Kokkos and its hooks.
template <class Space>
bool kernels_through_kokkos(const ArchTable& table) {
  return !backends::has_direct_range_launch<Space> || table.parameters.direct_launch == 0;
}

// Nothing allocated or freed, nothing copied, no reduce or scan (a reduce
// into a host scalar waits for the device), no fence reported; the call's
// kernels seen, or where the backend launches them itself (kernels_visible
// false) the call's "aspmv::spmv" region (the hooks were live); the result
// right. Each failed check prints every event seen with its labels.
//
// Fences on host spaces: Serial and OpenMP finish every dispatch before it
// returns and Kokkos 3.4 reports no fence (OpenMP::fence() is even empty):
// there is no asynchronous work for a fence to wait for, and no fence to
// see. On GPUs the gate test (test_gate.cpp) proves the calls do not wait.
inline void check_no_hidden_costs(const CountedRun& r, std::int32_t rows, bool kernels_visible) {
  INFO("events seen in " << counted_calls << " counted calls:\n" << r.events.describe());
  CHECK(r.events.allocations.count == 0);
  CHECK(r.events.deallocations.count == 0);
  CHECK(r.events.deep_copies.count == 0);
  CHECK(r.events.fences.count == 0);
  CHECK(r.events.parallel_reduces.count == 0);
  CHECK(r.events.parallel_scans.count == 0);
  if (rows > 0 && kernels_visible) CHECK(r.events.parallel_fors.count >= counted_calls);
  if (rows > 0 && !kernels_visible) CHECK(r.events.regions.count >= counted_calls);
  INFO("relative error " << r.comparison.relative_error << ", worst row " << r.comparison.worst_row << " at "
                         << r.comparison.worst_ratio << " x its bound");
  CHECK(r.comparison.within_bounds);
}

}  // namespace aspmv::testing::hidden_costs
