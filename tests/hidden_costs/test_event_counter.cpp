// The counter itself: it sees what the hidden-cost tests say is absent (so
// their zeros mean something), one counter at a time, and it puts the hooks
// it found back.

#include <catch2/catch.hpp>

#include "support/kokkos_event_counter.hpp"
#include "support/spaces.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

using namespace aspmv::testing;

namespace {

template <class View>
struct SumOf {
  View v;
  KOKKOS_FUNCTION void operator()(int i, double& sum) const { sum += v(i); }
};

template <class View>
struct PrefixSumOf {
  View v;
  KOKKOS_FUNCTION void operator()(int i, double& sum, bool) const { sum += v(i); }
};

bool has_label_containing(const EventLog& log, const std::string& part) {
  return std::any_of(log.labels.begin(), log.labels.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

bool same_hooks(const Kokkos::Tools::Experimental::EventSet& a, const Kokkos::Tools::Experimental::EventSet& b) {
  return std::memcmp(&a, &b, sizeof(a)) == 0;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("the event counter sees allocations, copies, dispatches and regions", "[hidden-costs][counter]",
                        Spaces) {
  using Space = TestType;
  using View = Kokkos::View<double*, typename Space::memory_space>;
  const Space exec;
  std::vector<double> host(10, 1.0);
  KokkosEvents e;
  {
    const KokkosEventCounter counter;
    {
      const View v("aspmv::test::counted", host.size());
      Kokkos::deep_copy(
          exec, v, Kokkos::View<const double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host.data(), host.size()));
      double sum = 0;
      Kokkos::parallel_reduce("aspmv::test::sum", Kokkos::RangePolicy<Space>(exec, 0, 10), SumOf<View>{v}, sum);
      CHECK(sum == 10.0);
      Kokkos::parallel_scan("aspmv::test::scan", Kokkos::RangePolicy<Space>(exec, 0, 10), PrefixSumOf<View>{v});
      Kokkos::Profiling::pushRegion("aspmv::test::region");
      Kokkos::Profiling::popRegion();
      exec.fence();
    }
    // What Kokkos would report for a fence (Kokkos 3.4 never does; see kokkos_event_counter.hpp).
    std::uint64_t handle = 0;
    Kokkos::Tools::beginFence("aspmv::test::fence", 0, &handle);
    Kokkos::Tools::endFence(handle);
    e = counter.events();
  }
  INFO(e.describe());
  CHECK(has_label_containing(e.allocations, "aspmv::test::counted"));
  CHECK(has_label_containing(e.deallocations, "aspmv::test::counted"));
  CHECK(has_label_containing(e.deep_copies, "aspmv::test::counted"));
  CHECK(e.parallel_reduces.count == 1);
  CHECK(has_label_containing(e.parallel_reduces, "aspmv::test::sum"));
  CHECK(e.parallel_scans.count == 1);
  CHECK(has_label_containing(e.parallel_scans, "aspmv::test::scan"));
  CHECK(has_label_containing(e.regions, "aspmv::test::region"));
  CHECK(has_label_containing(e.fences, "aspmv::test::fence"));
}

TEST_CASE("one event counter at a time, and the hooks it found are restored", "[hidden-costs][counter]") {
  const auto before = Kokkos::Tools::Experimental::get_callbacks();
  {
    KokkosEventCounter counter;
    CHECK_FALSE(same_hooks(before, Kokkos::Tools::Experimental::get_callbacks()));
    CHECK_THROWS_AS(KokkosEventCounter(), std::logic_error);
    Kokkos::View<int*, Kokkos::HostSpace> v("aspmv::test::reset", 3);
    CHECK(counter.events().allocations.count == 1);
    counter.reset();
    CHECK(counter.events().allocations.count == 0);
  }
  CHECK(same_hooks(before, Kokkos::Tools::Experimental::get_callbacks()));
  {
    const KokkosEventCounter again;  // the first one released the hooks
    Kokkos::View<int*, Kokkos::HostSpace> v("aspmv::test::again", 3);
    CHECK(again.events().allocations.count == 1);
  }
  CHECK(same_hooks(before, Kokkos::Tools::Experimental::get_callbacks()));
}
