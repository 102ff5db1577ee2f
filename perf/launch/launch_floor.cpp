// The per-call floor of an SpMV call on tiny matrices: where does a call's
// time go when the kernel has almost nothing to do? For each way of
// launching, on the default execution space:
//  - enqueue us: host time per call of N calls with no wait in between (how
//    long the host takes to hand one call to the device);
//  - per call us: host time per call of N calls followed by a fence (what a
//    benchmark of back-to-back calls reports).
// When the two are equal the calls are host-bound: the device waits for the
// host (or, for a kernel longer than the launch, the launch queue is full).
// Ways: an empty CUDA kernel through the runtime API and the same with an
// argument of 256, 1,024 and 2,048 bytes (CUDA builds); an empty Kokkos
// parallel_for over one index, one whose functor is 1 KB of data, an empty
// team launch; a Kokkos parallel_for whose functor carries six Views (about
// what an SpMV functor carries); plan.apply of csr_scalar, ELL, merge_split,
// CSR-Adaptive and lrb; CSR-scalar's functor launched directly (the plan's
// kernel without the plan's path), and on CUDA the same functor by the
// backend's own range launch (backends/range_launch.hpp: no Kokkos launch
// path, runtime API and driver API); on CUDA each plan also with the
// table's direct_launch set to 0, 1 and 2 (the plain line runs the compiled-in
// table's value; on OpenMP 1 and 2 are both its own omp parallel); on OpenMP an
// omp parallel region of one store a thread, and the backend's own launch of the empty and
// six-view functors (one index: one chunk, run by the caller); the drop-in
// aspmv::spmv;
// the row_stats pass of an automatic plan (the backend's reduction, Kokkos'
// parallel_reduce) and a whole automatic make_plan, on 1,024 and 10^6 rows;
// each on a generated matrix of 16 rows (stencil2d-5pt-4) and one of 1,024;
// on CUDA also plan.apply of csr_scalar captured once as a graph on a stream
// of its own and replayed (aspmv::capture_apply: a replay reuses x and y).
//
//   aspmv_launch_floor [--calls N] [--repeats R]
// Prints the median over R repeats of each figure.

#include <aspmv/aspmv.hpp>
#include <aspmv/features.hpp>
#include <aspmv/impl/canonical_vectors.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <backends/graph.hpp>
#include <backends/range_launch.hpp>
#include <backends/row_length_moments.hpp>
#include <backends/traits.hpp>
#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/launch_probe.hpp>
#endif

#include <corpus/generated.hpp>

#include <Kokkos_Core.hpp>
#ifdef KOKKOS_ENABLE_OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Mem = Space::memory_space;
using Clock = std::chrono::steady_clock;

struct EmptyFunctor {
  KOKKOS_FUNCTION void operator()(const std::int64_t) const {}
};

// A functor carrying 1 KB of data by value, launched light-weight (as aspmv's policies are): its size is the
// kernel's argument.
struct KilobyteFunctor {
  int words[256];
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    if (words[i & 255] == -1) printf("never\n");
  }
};

struct SixViews {
  Kokkos::View<const std::int32_t*, Mem> a, b, c;
  Kokkos::View<const double*, Mem> d, e;
  Kokkos::View<double*, Mem> f;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    if (i < static_cast<std::int64_t>(f.extent(0))) f(i) = d(i) + e(i) + double(a(i) + b(i) + c(i));
  }
};

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Figure {
  double enqueue_us, per_call_us;
};

Figure measure(const Space& exec, int calls, int repeats, const std::function<void()>& call) {
  for (int k = 0; k < 200; ++k) call();  // warm-up: module loading, first-launch setup
  exec.fence();
  std::vector<double> enqueue, total;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = Clock::now();
    for (int k = 0; k < calls; ++k) call();
    const double issued = seconds_since(t0);
    exec.fence();
    const double done = seconds_since(t0);
    enqueue.push_back(issued / calls * 1e6);
    total.push_back(done / calls * 1e6);
  }
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  return {median(enqueue), median(total)};
}

void print(const char* what, const std::string& matrix, const Figure& f) {
  std::printf("%-28s %-18s %10.2f %10.2f %8.2f\n", what, matrix.c_str(), f.enqueue_us, f.per_call_us,
              f.enqueue_us / f.per_call_us);
}

}  // namespace

int main(int argc, char** argv) {
  int calls = 20000, repeats = 7;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--calls" || a == "--repeats") && i + 1 < argc) {
      const int v = std::atoi(argv[++i]);
      if (v < 1) {
        std::fprintf(stderr, "aspmv_launch_floor: %s takes a positive integer\n", a.c_str());
        return 2;
      }
      (a == "--calls" ? calls : repeats) = v;
    } else {
      std::fprintf(stderr, "usage: aspmv_launch_floor [--calls N] [--repeats R]\n");
      return 2;
    }
  }
  Kokkos::ScopeGuard kokkos(argc, argv);
  try {
    Space exec;
    std::printf("aspmv_launch_floor on %s (%s), %d calls, median of %d repeats\n",
                aspmv::backends::Traits<Space>::properties(exec).name.c_str(), aspmv::backends::Traits<Space>::name,
                calls, repeats);
    std::printf("%-28s %-18s %10s %10s %8s\n", "launch", "matrix", "enqueue us", "per call", "ratio");
#ifdef KOKKOS_ENABLE_CUDA
    print("cuda empty kernel", "-",
          measure(exec, calls, repeats, [&] { aspmv::backends::cuda_probe::launch_empty(exec.cuda_stream()); }));
    print("cuda kernel, 256-byte argument", "-", measure(exec, calls, repeats, [&] {
            aspmv::backends::cuda_probe::launch_with_argument<256>(exec.cuda_stream());
          }));
    print("cuda kernel, 1024-byte argument", "-", measure(exec, calls, repeats, [&] {
            aspmv::backends::cuda_probe::launch_with_argument<1024>(exec.cuda_stream());
          }));
    print("cuda kernel, 2048-byte argument", "-", measure(exec, calls, repeats, [&] {
            aspmv::backends::cuda_probe::launch_with_argument<2048>(exec.cuda_stream());
          }));
    cudaStream_t stream = nullptr;  // lives to the end of the program, with the instance on it
    aspmv::backends::cuda_probe::check(cudaStreamCreate(&stream), "stream");
    const Space on_stream(stream);
    {
      const aspmv::backends::Graph<Space> empty(
          on_stream, [](const Space& e) { aspmv::backends::cuda_probe::launch_empty(e.cuda_stream()); });
      if (!empty.captured()) throw std::runtime_error(empty.why());
      print("cuda graph of the empty kernel", "-",
            measure(on_stream, calls, repeats, [&] { empty.launch(on_stream); }));
    }
#endif
    print("kokkos empty parallel_for", "-", measure(exec, calls, repeats, [&] {
            Kokkos::parallel_for("aspmv::launch_floor::empty", Kokkos::RangePolicy<Space>(exec, 0, 1), EmptyFunctor{});
          }));
    print("kokkos 1 KB functor", "-", measure(exec, calls, repeats, [&] {
            Kokkos::parallel_for("aspmv::launch_floor::kilobyte",
                                 Kokkos::RangePolicy<Space, aspmv::impl::LightWeight>(exec, 0, 1), KilobyteFunctor{});
          }));
    print("kokkos empty team launch", "-", measure(exec, calls, repeats, [&] {
            Kokkos::parallel_for("aspmv::launch_floor::team",
                                 Kokkos::TeamPolicy<Space, aspmv::impl::LightWeight>(
                                     exec, 1, aspmv::backends::Traits<Space>::is_gpu ? 32 : 1, 1),
                                 KOKKOS_LAMBDA(const Kokkos::TeamPolicy<Space>::member_type&){});
          }));
    Kokkos::View<std::int32_t*, Mem> iv("iv", 16);
    Kokkos::View<double*, Mem> dv("dv", 16), out("out", 16);
    print("kokkos six-view parallel_for", "-", measure(exec, calls, repeats, [&] {
            Kokkos::parallel_for("aspmv::launch_floor::six_views", Kokkos::RangePolicy<Space>(exec, 0, 16),
                                 SixViews{iv, iv, iv, dv, dv, out});
          }));
#ifdef KOKKOS_ENABLE_OPENMP
    if constexpr (std::is_same_v<Space, Kokkos::OpenMP>) {  // the fork and join alone, and the backend's own launch
      std::vector<int> seen(static_cast<std::size_t>(Kokkos::OpenMP::concurrency()) * 16);
      print("omp parallel, one store", "-", measure(exec, calls, repeats, [&] {
#pragma omp parallel
              seen[static_cast<std::size_t>(omp_get_thread_num()) * 16] += 1;  // a line a thread
            }));
      print("openmp own launch empty", "-", measure(exec, calls, repeats, [&] {
              aspmv::backends::parallel_range("aspmv::launch_floor::empty", Kokkos::RangePolicy<Space>(exec, 0, 1),
                                              EmptyFunctor{}, 1);
            }));
      print("openmp own launch six-view", "-", measure(exec, calls, repeats, [&] {
              aspmv::backends::parallel_range("aspmv::launch_floor::six_views", Kokkos::RangePolicy<Space>(exec, 0, 16),
                                              SixViews{iv, iv, iv, dv, dv, out}, 1);
            }));
    }
#endif
#ifdef KOKKOS_ENABLE_CUDA
    for (const int api : {1, 2}) {
      const char* what = api == 1 ? "cuda runtime" : "cuda driver";
      print((std::string(what) + " empty functor").c_str(), "-", measure(exec, calls, repeats, [&] {
              aspmv::backends::parallel_range("aspmv::launch_floor::empty", Kokkos::RangePolicy<Space>(exec, 0, 1),
                                              EmptyFunctor{}, api);
            }));
      print((std::string(what) + " six-view functor").c_str(), "-", measure(exec, calls, repeats, [&] {
              aspmv::backends::parallel_range("aspmv::launch_floor::six_views", Kokkos::RangePolicy<Space>(exec, 0, 16),
                                              SixViews{iv, iv, iv, dv, dv, out}, api);
            }));
    }
#endif
    for (const std::string name : {"stencil2d-5pt-4", "stencil2d-5pt-32"}) {
      const auto host = aspmv::corpus::generate(name);
      aspmv::DeviceCsr<double, std::int32_t, Mem> a(exec, host);
      Kokkos::View<double*, Mem> x("x", host.num_cols), y("y", host.num_rows);
      Kokkos::deep_copy(x, 1.0);
      for (const auto k : {aspmv::Kernel::csr_scalar, aspmv::Kernel::ell, aspmv::Kernel::merge_split,
                           aspmv::Kernel::csr_adaptive, aspmv::Kernel::lrb, aspmv::Kernel::vector_split}) {
        aspmv::PlanOptions o;
        o.kernel = k;
        const auto plan = aspmv::make_plan(exec, a.view(), o);
        print(("plan.apply " + std::string(aspmv::to_string(k))).c_str(), name,
              measure(exec, calls, repeats, [&] { plan.apply(exec, 1.0, x, 0.0, y); }));
        if (!aspmv::backends::has_direct_range_launch<Space>) continue;
        // The same plan with the table's direct_launch 0 (Kokkos' launch), 1 and 2 (the backend's own).
        for (const int api : {0, 1, 2}) {
          auto direct_table = aspmv::arch_table();
          direct_table.parameters.direct_launch = api;
          const auto direct = aspmv::make_plan(exec, a.view(), o, direct_table);
          print(("plan.apply " + std::string(aspmv::to_string(k)) + " direct " + std::to_string(api)).c_str(), name,
                measure(exec, calls, repeats, [&] { direct.apply(exec, 1.0, x, 0.0, y); }));
        }
      }
      {  // CSR-scalar's own functor and launch, without the plan's path (checks, region, dispatch)
        const auto xi = aspmv::impl::input_vector(x);
        const auto yo = aspmv::impl::output_vector(y);
        using F = aspmv::impl::CsrScalarFunctor<std::decay_t<decltype(a.view())>, std::decay_t<decltype(xi)>,
                                                std::decay_t<decltype(yo)>>;
        const auto m = a.view();
        print("kokkos csr_scalar functor", name, measure(exec, calls, repeats, [&] {
                Kokkos::parallel_for("aspmv::launch_floor::csr_scalar",
                                     aspmv::impl::RangePolicy<Space>(exec, 0, m.num_rows(), Kokkos::ChunkSize(1)),
                                     F{m.row_offsets(), m.col_indices(), m.values(), xi, yo, 1.0, 0.0});
              }));
#ifdef KOKKOS_ENABLE_CUDA
        for (const int api : {1, 2})
          print(api == 1 ? "cuda runtime csr_scalar" : "cuda driver csr_scalar", name,
                measure(exec, calls, repeats, [&] {
                  aspmv::backends::parallel_range(
                      "aspmv::launch_floor::csr_scalar",
                      aspmv::impl::RangePolicy<Space>(exec, 0, m.num_rows(), Kokkos::ChunkSize(1)),
                      F{m.row_offsets(), m.col_indices(), m.values(), xi, yo, 1.0, 0.0}, api);
                }));
#endif
      }
      print("drop-in aspmv::spmv", name,
            measure(exec, calls, repeats, [&] { aspmv::spmv(exec, 1.0, a.view(), x, 0.0, y); }));
#ifdef KOKKOS_ENABLE_CUDA
      aspmv::PlanOptions o;
      o.kernel = aspmv::Kernel::csr_scalar;
      const auto plan = aspmv::make_plan(on_stream, a.view(), o);
      plan.apply(on_stream, 1.0, x, 0.0, y);  // first launches (attributes, carveout) outside the capture
      on_stream.fence();
      const auto replay = aspmv::capture_apply(on_stream, plan, 1.0, x, 0.0, y);
      if (!replay.captured()) throw std::runtime_error(replay.how());
      print("graph of plan.apply csr_scalar", name,
            measure(on_stream, calls, repeats, [&] { replay.replay(on_stream); }));
#endif
    }
    // The row_stats pass an automatic plan gathers (each call waits for its result): the backend's own reduction
    // where the space has one (backends/row_length_moments.hpp), Kokkos' parallel_reduce; and a whole automatic
    // make_plan. A tenth of the calls: every call waits.
    const int waited = std::max(1, calls / 10);
    for (const std::string name : {"stencil2d-5pt-32", "stencil2d-5pt-1000"}) {
      const auto host = aspmv::corpus::generate(name);
      aspmv::DeviceCsr<double, std::int32_t, Mem> a(exec, host);
      if (aspmv::backends::has_row_length_moments<Space>)
        print("row_stats (backend)", name, measure(exec, waited, repeats, [&] { aspmv::row_stats(exec, a.view()); }));
      print("row_stats (kokkos reduce)", name,
            measure(exec, waited, repeats, [&] { aspmv::impl::row_stats_by_kokkos(exec, a.view()); }));
      print("make_plan automatic", name,
            measure(exec, std::max(1, waited / 10), repeats, [&] { aspmv::make_plan(exec, a.view()); }));
    }

  } catch (const std::exception& e) {
    std::fprintf(stderr, "aspmv_launch_floor: %s\n", e.what());
    return 1;
  }
  return 0;
}
