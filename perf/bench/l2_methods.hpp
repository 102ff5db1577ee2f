#pragma once
// `aspmv bench --l2-x`: every method again as "<name>@l2x", each of its
// calls made inside a backends::L2Window over x (x's lines persisting in
// the L2 while the call's kernels run; the instance's previous policy back
// after it), so that the twin pays what a library call would: setting and
// restoring the stream's window every call. aspmv's plans and the
// comparators alike (cuSPARSE runs on the instance's stream). Where the
// window cannot be set (a space without one, the legacy default stream) the
// twin reports the reason as its error and is not timed.

#include "methods.hpp"

#include <aspmv/error.hpp>
#include <backends/l2_window.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace aspmv::bench {

template <class Space>
void add_l2_window_twins(const Space& exec, const void* x, std::size_t x_bytes, std::vector<Method>& methods) {
  std::string why;  // the same window for every method: asked once
  {
    const backends::L2Window<Space> probe(exec, x, x_bytes);
    why = probe.why();
  }
  const std::size_t n = methods.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!methods[i].setup_error.empty()) continue;
    Method w = methods[i];
    w.name += "@l2x";
    w.detail += " [x in an L2 window: " + why + "]";
    w.groups.clear();
    w.call_group = nullptr;
    const auto call = methods[i].call;
    w.call = [call, exec, x, x_bytes] {
      const backends::L2Window<Space> keep(exec, x, x_bytes);
      if (!keep.active()) throw Error("x not kept in the L2: " + keep.why());
      call();
    };
    methods.push_back(std::move(w));
  }
}

}  // namespace aspmv::bench
