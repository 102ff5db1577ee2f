#pragma once
// aspmv::backends::Graph<ExecSpace>: work that an execution space instance
// enqueues, captured once and replayed as one launch where the space has
// graphs (CUDA: backends/cuda/graph.hpp), so that a replay costs one graph
// launch instead of every launch of the work. On the device machine's H200
// an empty kernel took 4.0-4.7 us of host time a launch and its graph
// 1.8-2.1 us (perf/results/h200/2026-11-29-tile8x4, call 5).
//
//   Graph<Space> g(exec, [&](const Space& e) { ...enqueue on e... });
//   g.launch(exec);  // the captured work, again
//
// Where the space has no graphs, or the work could not be captured (a fence
// or a host copy inside it, an instance on a stream that cannot be
// captured), launch() runs the work itself on the instance it is given:
// captured() says which, why() says why not. capturing_instance() makes an
// instance whose work can be captured (CUDA: a non-blocking stream of its
// own -- Kokkos 3.4's first launch from a translation unit copies its lock
// arrays on the legacy default stream, which invalidates the capture of a
// blocking stream).

#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <functional>
#include <string>
#include <utility>

namespace aspmv::backends {

template <class ExecSpace>
class Graph {
 public:
  template <class Work>
  Graph(const ExecSpace&, Work&& work) : work_(std::forward<Work>(work)) {}
  void launch(const ExecSpace& exec) const { work_(exec); }
  bool captured() const { return false; }
  std::string why() const { return "this execution space has no graphs: the work runs as enqueued"; }
  static OwnedInstance<ExecSpace> capturing_instance() { return Traits<ExecSpace>::new_instance(); }

 private:
  std::function<void(const ExecSpace&)> work_;
};

}  // namespace aspmv::backends

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/graph.hpp>
#endif
