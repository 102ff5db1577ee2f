#pragma once
// An execution-space instance together with what keeps its queue alive (the
// CUDA/HIP stream it was made on; nothing on host spaces). Backends make them
// for work that must run concurrently with the default instance's.

#include <memory>

namespace aspmv::backends {

template <class Space>
struct OwnedInstance {
  Space space;
  std::shared_ptr<void> queue;  // destroys the stream after the last copy goes
};

}  // namespace aspmv::backends
