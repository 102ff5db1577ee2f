#pragma once
// Runs a plan on a host matrix in a given execution space and compares the
// result with the long-double reference: the check every kernel test uses.

#include <catch2/catch.hpp>

#include <aspmv/device_csr.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>

#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace aspmv::testing {

struct SpmvCase {
  double alpha = 1.0;
  double beta = 0.0;
  bool nan_in_y = false;  // fill y with NaN (beta == 0 must overwrite it)
  std::uint64_t seed = 7;
};

struct SpmvOutcome {
  Comparison comparison;
  std::string description;  // the plan's describe(), for failure messages
  std::vector<double> y;    // the result, for bitwise comparisons
  std::string refused;      // a forced format kernel's memory guard refused the matrix (the message)
};

// Whether a FormatRefused is a defined outcome of these options: only a
// forced kernel that converts A (KernelTraits::copies_values) may refuse.
inline bool may_refuse(const PlanOptions& o) {
  return o.kernel != Kernel::automatic && planner::kernel_traits(o.kernel).copies_values;
}

// make_plan, or nothing where a forced format's memory guard refuses the
// matrix (checked to be such a format).
template <class Space, class Matrix>
auto make_plan_unless_refused(const Space& exec, const Matrix& a, const PlanOptions& o,
                              const ArchTable& table = arch_table()) {
  std::optional<decltype(make_plan(exec, a, o))> made;
  try {
    made.emplace(make_plan(exec, a, o, table));
  } catch (const FormatRefused&) {
    CHECK(may_refuse(o));
  }
  return made;
}

template <class Value>
constexpr double epsilon_of() {
  return static_cast<double>(std::numeric_limits<Value>::epsilon());
}

// Builds the plan once with make(exec, A) and applies it `applies` times on
// fresh copies of y0 (the last result is returned). A FormatRefused from
// make() is the defined outcome where `refusable` (a forced format).
template <class Space, class Value, class Offset, class Make>
SpmvOutcome run_made_plan(const HostCsr<double, std::int64_t>& host, const SpmvCase& c, int applies, bool refusable,
                          Make&& make) {
  Space exec;
  using Mem = typename Space::memory_space;
  DeviceCsr<Value, Offset, Mem> a(exec, host);
  corpus::Rng rng(c.seed);
  std::vector<Value> x(static_cast<std::size_t>(host.num_cols)), y0(static_cast<std::size_t>(host.num_rows));
  for (auto& v : x) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = c.nan_in_y ? std::numeric_limits<Value>::quiet_NaN() : static_cast<Value>(rng.signed_value());
  // The reference sees the values as rounded to Value.
  const auto host_v = convert<Value, std::int64_t>(host);
  const auto ref = reference_spmv(host_v, c.alpha, x, c.beta, y0);

  Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", y0.size());
  Kokkos::deep_copy(exec, xd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
  SpmvOutcome out;
  std::optional<decltype(make(exec, a.view()))> made;
  try {
    made.emplace(make(exec, a.view()));
  } catch (const FormatRefused& e) {
    if (!refusable) throw;
    // The guard's decision is tested with the formats (test_formats.cpp);
    // here it is the defined result of a matrix the format does not fit.
    out.refused = e.what();
    out.description = std::string("refused: ") + e.what();
    out.comparison.within_bounds = true;
    return out;
  }
  const auto& plan = *made;
  std::vector<Value> y(y0.size());
  for (int k = 0; k < applies; ++k) {
    Kokkos::deep_copy(exec, yd,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));
    plan.apply(exec, static_cast<Value>(c.alpha), xd, static_cast<Value>(c.beta), yd);
    Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y.data(), y.size()), yd);
    exec.fence();
  }
  out.comparison = compare(host_v, y, ref, epsilon_of<Value>());
  out.description = plan.describe();
  out.y.assign(y.begin(), y.end());
  return out;
}

// Builds the plan once (with `table`, or this build's table when null) and
// applies it `applies` times on fresh copies of y0 (the last result is returned).
template <class Space, class Value, class Offset>
SpmvOutcome run_plan(const HostCsr<double, std::int64_t>& host, const PlanOptions& options, const SpmvCase& c,
                     int applies = 1, const ArchTable* table = nullptr) {
  return run_made_plan<Space, Value, Offset>(
      host, c, applies, may_refuse(options),
      [&](const Space& exec, const auto& a) { return make_plan(exec, a, options, table ? *table : arch_table()); });
}

// Runs launch(exec, A, alpha, x, beta, y) -- one kernel dispatch with a
// launch shape the caller chose -- `calls` times on fresh copies of a random
// y0 and compares the first result with the reference; every call's result
// is kept for bitwise comparisons.
template <class Value>
struct LaunchOutcome {
  Comparison comparison;
  std::vector<std::vector<Value>> results;
  bool all_equal() const {  // every call's result bit for bit the first's
    for (const auto& r : results)
      if (!r.empty() && std::memcmp(r.data(), results.front().data(), r.size() * sizeof(Value)) != 0) return false;
    return true;
  }
};

template <class Space, class Value, class Offset, class Launch>
LaunchOutcome<Value> run_launches(const HostCsr<double, std::int64_t>& host, double alpha, double beta, int calls,
                                  std::uint64_t seed, Launch&& launch) {
  using Mem = typename Space::memory_space;
  Space exec;
  DeviceCsr<Value, Offset, Mem> a(exec, host);
  corpus::Rng rng(seed);
  std::vector<Value> x(static_cast<std::size_t>(host.num_cols)), y0(static_cast<std::size_t>(host.num_rows));
  for (auto& v : x) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = static_cast<Value>(rng.signed_value());
  const auto host_v = convert<Value, std::int64_t>(host);
  const auto ref = reference_spmv(host_v, alpha, x, beta, y0);
  Kokkos::View<Value*, Mem> xd("x", x.size()), yd("y", y0.size());
  Kokkos::deep_copy(exec, xd,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(x.data(), x.size()));
  LaunchOutcome<Value> out;
  for (int call = 0; call < calls; ++call) {
    Kokkos::deep_copy(exec, yd,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));
    launch(exec, a.view(), static_cast<Value>(alpha), xd, static_cast<Value>(beta), yd);
    std::vector<Value> y(y0.size());
    Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y.data(), y.size()), yd);
    exec.fence();
    out.results.push_back(std::move(y));
  }
  out.comparison = compare(host_v, out.results.front(), ref, epsilon_of<Value>());
  return out;
}

}  // namespace aspmv::testing
