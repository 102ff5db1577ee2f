#pragma once
// The built-in demo set of `aspmv run`: generated matrices of different
// structure plus one real matrix shipped in apps/demo/ (installed as
// share/aspmv/demo; ASPMV_DEMO_DIR overrides).

#include <aspmv/host_csr.hpp>

#include <functional>
#include <string>
#include <vector>

namespace aspmv::app {

struct MatrixSource {
  std::string name;
  std::string origin;  // generator and parameters, or file path
  std::function<HostCsr<double, std::int64_t>()> load;
};

std::vector<MatrixSource> demo_set();
MatrixSource file_source(const std::string& path);
// The matrices a command names: files or generated names
// (corpus::is_generated_name); none: the demo set.
std::vector<MatrixSource> named_sources(const std::vector<std::string>& names);

}  // namespace aspmv::app
