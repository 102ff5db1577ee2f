#pragma once
// Graph<Kokkos::Cuda> (backends/graph.hpp): the work captured from the
// instance's stream (relaxed capture mode) into a CUDA graph, instantiated
// once; launch() replays it on the stream of the instance it is given. An
// instance on the legacy default stream cannot be captured, nor can work
// that waits on the host inside: then launch() runs the work itself.

#include <backends/owned_instance.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>

#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace aspmv::backends {

template <>
class Graph<Kokkos::Cuda> {
 public:
  template <class Work>
  Graph(const Kokkos::Cuda& exec, Work&& work) : work_(std::forward<Work>(work)) {
    cudaStream_t stream = exec.cuda_stream();
    if (stream == nullptr) {
      why_ = "the instance is on CUDA's legacy default stream, which cannot be captured: the work runs as enqueued";
      return;
    }
    if (cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed) != cudaSuccess) {
      why_ = std::string("cudaStreamBeginCapture: ") + cudaGetErrorString(cudaGetLastError());
      return;
    }
    std::string failure;
    try {
      work_(exec);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    cudaGraph_t graph = nullptr;
    const cudaError_t ended = cudaStreamEndCapture(stream, &graph);
    if (failure.empty() && ended != cudaSuccess) failure = std::string("capture: ") + cudaGetErrorString(ended);
    cudaGraphExec_t exec_graph = nullptr;
    if (failure.empty() && cudaGraphInstantiate(&exec_graph, graph, 0) != cudaSuccess)
      failure = std::string("cudaGraphInstantiate: ") + cudaGetErrorString(cudaGetLastError());
    if (graph != nullptr) cudaGraphDestroy(graph);
    cudaGetLastError();  // a failed capture leaves its error here: it is reported through why()
    if (!failure.empty()) {
      why_ = "the work could not be captured (" + failure + "): it runs as enqueued";
      return;
    }
    graph_.reset(exec_graph, [](cudaGraphExec_t g) { cudaGraphExecDestroy(g); });
  }

  void launch(const Kokkos::Cuda& exec) const {
    if (!graph_) {
      work_(exec);
      return;
    }
    const cudaError_t e = cudaGraphLaunch(graph_.get(), exec.cuda_stream());
    if (e != cudaSuccess) throw std::runtime_error(std::string("aspmv: cudaGraphLaunch: ") + cudaGetErrorString(e));
  }
  bool captured() const { return graph_ != nullptr; }
  std::string why() const { return captured() ? "captured as a CUDA graph" : why_; }
  // An instance on a non-blocking stream of its own (see backends/graph.hpp).
  static OwnedInstance<Kokkos::Cuda> capturing_instance() {
    cudaStream_t s = nullptr;
    if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
      throw std::runtime_error("aspmv: cudaStreamCreateWithFlags failed");
    std::shared_ptr<void> owner(s, [](void* p) { cudaStreamDestroy(static_cast<cudaStream_t>(p)); });
    return {Kokkos::Cuda(s), owner};
  }

 private:
  std::function<void(const Kokkos::Cuda&)> work_;
  std::shared_ptr<std::remove_pointer_t<cudaGraphExec_t>> graph_;
  std::string why_;
};

}  // namespace aspmv::backends
