// The demo set and file sources of `aspmv run` (see demo_set.hpp).

#include "demo_set.hpp"

#include "environment.hpp"

#include <aspmv/io/read_matrix.hpp>

#include <corpus/generated.hpp>
#include <corpus/random_csr.hpp>
#include <corpus/spec.hpp>
#include <corpus/stencil.hpp>

#include <cstdlib>

namespace aspmv::app {

namespace {
std::string demo_dir() {
  if (const char* d = std::getenv("ASPMV_DEMO_DIR")) return d;
  return data_dir() + "/demo";
}
}  // namespace

std::vector<MatrixSource> demo_set() {
  std::vector<MatrixSource> set;
  set.push_back(
      {"stencil2d-5pt-512", "2D 5-point Laplacian, 512 x 512 grid", [] { return corpus::stencil(512, 512, 1, 5); }});
  set.push_back(
      {"stencil3d-27pt-48", "3D 27-point stencil, 48^3 grid", [] { return corpus::stencil(48, 48, 48, 27); }});
  corpus::RandomCsrSpec power;
  power.rows = power.cols = 200000;
  power.lengths = corpus::RowLengths::zipf;
  power.mean = 6;
  power.spread = 1.8;
  power.seed = 1;
  set.push_back({"power-law-200k", corpus::name(power), [power] { return corpus::random_csr(power); }});
  set.push_back({"short+long-rows-200k", "200,000 rows of 3-5 nnz with 20 rows of 20,000 nnz",
                 [] { return corpus::short_rows_with_long_rows(200000, 20, 20000, 2); }});
  corpus::RandomCsrSpec uniform;
  uniform.rows = uniform.cols = 100000;
  uniform.lengths = corpus::RowLengths::uniform;
  uniform.mean = 30;
  uniform.spread = 20;
  uniform.seed = 3;
  set.push_back({"random-uniform-100k", corpus::name(uniform), [uniform] { return corpus::random_csr(uniform); }});
  set.push_back(file_source(demo_dir() + "/west0479.rua.gz"));
  set.back().name = "west0479 (real)";
  return set;
}

MatrixSource file_source(const std::string& path) {
  auto slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return {name, path, [path] { return io::read_matrix(path); }};
}

std::vector<MatrixSource> named_sources(const std::vector<std::string>& names) {
  if (names.empty()) return demo_set();
  std::vector<MatrixSource> sources;
  for (const auto& m : names) {
    if (corpus::is_generated_name(m))
      sources.push_back({m, "generated", [m] { return corpus::generate(m); }});
    else if (const auto derived = corpus::derived_file_entry(m))
      sources.push_back({derived->name, m, [e = *derived] { return corpus::load(e); }});
    else
      sources.push_back(file_source(m));
  }
  return sources;
}

}  // namespace aspmv::app
