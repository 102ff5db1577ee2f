#pragma once
// Facts about the device an execution space runs on (backends/ fills them).

#include <backends/traits.hpp>

namespace aspmv {

template <class ExecSpace>
DeviceProperties device_properties(const ExecSpace& exec) {
  return backends::Traits<ExecSpace>::properties(exec);
}

}  // namespace aspmv
