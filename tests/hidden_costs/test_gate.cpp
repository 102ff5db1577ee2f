// plan.apply and the drop-in aspmv::spmv do not wait for the device: on a
// GPU, a kernel launched first on the same execution space instance spins
// until the host sets a flag in pinned memory; the call is made while it
// spins, and must return before anyone sets the flag. A call that waits
// (a fence, a copy back to the host, a reduce into a host scalar, a free
// that synchronizes the device) can only return once the flag is set, which
// a watchdog thread does after gate_timeout so that such a call fails
// instead of hanging. Not a timing test: the watchdog's timeout only bounds
// how long a failure takes.
//
// Kokkos 3.4 reports no fences to its profiling hooks, so this is how a
// host wait is proven absent. Host spaces need no gate: Serial and OpenMP
// finish each dispatch before returning (the spinning kernel would hold the
// very thread that must release it).

#include <catch2/catch.hpp>

#include "hidden_costs/hidden_costs.hpp"
#include "support/spmv_check.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace aspmv;
using namespace aspmv::testing;
using namespace aspmv::testing::hidden_costs;

namespace {

constexpr std::chrono::seconds gate_timeout{20};

// Holds its execution space instance until the host writes a nonzero flag.
template <class FlagView>
struct SpinUntilReleased {
  FlagView flag;
  KOKKOS_FUNCTION void operator()(int) const {
    const volatile int* f = flag.data();
    while (*f == 0) {
    }
  }
};

enum class GateOutcome {
  returned_while_busy,  // the call did not wait for the spinning kernel
  waited,               // the call returned only after the watchdog released it
  launch_waited,        // the gate kernel's own launch waited (a build that fences every launch)
};

// Runs `call` while a spinning kernel holds `exec`; leaves `exec` idle.
template <class Space, class Call>
GateOutcome run_gated(const Space& exec, const Call& call) {
  using Pinned = typename backends::Traits<Space>::host_pinned_memory_space;
  const Kokkos::View<int, Pinned> flag("aspmv::test::gate_flag");
  volatile int* f = flag.data();
  *f = 0;
  Kokkos::fence();

  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::atomic<bool> released_by_watchdog{false};
  std::thread watchdog([&] {
    std::unique_lock<std::mutex> lock(mutex);
    if (!done_cv.wait_for(lock, gate_timeout, [&] { return done; })) {
      released_by_watchdog = true;  // before the flag: a call it unblocks sees this
      *f = 1;
    }
  });
  auto release = [&] {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    done_cv.notify_all();
    watchdog.join();
    *f = 1;
    exec.fence();
  };
  GateOutcome outcome = GateOutcome::waited;
  try {
    Kokkos::parallel_for("aspmv::test::gate", Kokkos::RangePolicy<Space>(exec, 0, 1),
                         SpinUntilReleased<Kokkos::View<int, Pinned>>{flag});
    if (released_by_watchdog) {
      outcome = GateOutcome::launch_waited;
    } else {
      call();
      if (!released_by_watchdog) outcome = GateOutcome::returned_while_busy;
    }
  } catch (...) {
    release();
    throw;
  }
  release();
  return outcome;
}

// Warm-up calls first: CUDA loads kernels lazily, and loading one while
// another kernel spins may wait for it (a wait of the toolkit, not of the
// call); Kokkos sizes its launch buffers and scratch on first use.
template <class P, class Call>
void check_gated(const P& p, const Coefficients& c, const Call& call) {
  for (int i = 0; i < warmup_calls; ++i) {
    p.reset_y();
    call();
  }
  p.reset_y();
  const GateOutcome outcome = run_gated(p.exec(), call);
  if (outcome == GateOutcome::launch_waited)
    FAIL("the gate kernel's launch waited for the kernel itself: this Kokkos build synchronizes every launch");
  INFO("the call returned only after the watchdog released the spinning kernel (after "
       << gate_timeout.count() << " s): it waited for the device");
  CHECK(outcome == GateOutcome::returned_while_busy);
  const auto cmp = p.compare_y(c.alpha, c.beta);
  INFO("relative error " << cmp.relative_error << ", worst row " << cmp.worst_row);
  CHECK(cmp.within_bounds);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("plan.apply and the drop-in spmv return while an earlier kernel still runs on the space",
                        "[hidden-costs][gate]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  if constexpr (!backends::Traits<Space>::is_gpu) {
    SUCCEED("host space: every dispatch finishes before it returns, there is no wait to detect");
  } else {
    if (Kokkos::Tools::profileLibraryLoaded()) {
      // A tool's dispatch and region hooks make Kokkos fence before each
      // dispatch: every call would wait for the spinning kernel.
      WARN("a Kokkos tool is loaded: the gate test is skipped");
      return;
    }
    const Space exec;
    const auto small = small_table();
    const auto matrices = generated_matrices();
    const Coefficients apply_cases[] = {coefficient_cases()[1], coefficient_cases()[2]};  // beta != 0, alpha = 0
    for (const auto& m : {matrices[0], matrices[2]}) {
      const Problem<Space, Value, typename TestType::offset> p(exec, m, 13);
      for (const auto& choice : plan_variants<Space>()) {
        // A format whose padding is above its guard makes no plan (DIA on these random matrices): nothing to gate.
        const auto made =
            make_plan_unless_refused(exec, p.matrix(), choice.options, choice.forced() ? small : arch_table());
        if (!made) continue;
        const auto& plan = *made;
        for (const auto& c : apply_cases) {
          INFO("plan.apply, matrix " << m.name << ", kernel " << choice.name << ", " << c.what << "\n"
                                     << plan.describe());
          check_gated(p, c,
                      [&] { plan.apply(exec, static_cast<Value>(c.alpha), p.x(), static_cast<Value>(c.beta), p.y()); });
        }
      }
    }
    const Problem<Space, Value, typename TestType::offset> p(exec, matrices[2], 14);
    const auto& c = coefficient_cases()[1];
    const auto alpha = static_cast<Value>(c.alpha);
    const auto beta = static_cast<Value>(c.beta);
    {
      INFO("aspmv::spmv(exec, alpha, A, x, beta, y), matrix " << p.name());
      check_gated(p, c, [&] { aspmv::spmv(exec, alpha, p.matrix(), p.x(), beta, p.y()); });
    }
    {
      // On the default instance, as the gate kernel (exec is default-constructed).
      INFO("aspmv::spmv(\"N\", alpha, A, x, beta, y), matrix " << p.name());
      check_gated(p, c, [&] { aspmv::spmv("N", alpha, p.matrix(), p.x(), beta, p.y()); });
    }
  }
}
