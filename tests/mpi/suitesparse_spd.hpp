#pragma once
// Real SPD test matrices for the components' CG tests, from the small
// matrices of SuiteSparse's Debian source that
// scripts/fetch_suitesparse_matrices.sh keeps in the cache (scripts/test.sh
// fetches them before any build): a tests' run without them warns and
// skips those cases.
//   - mesh_laplacian(): jagmesh7 (a 2-D finite-element mesh, 1,138 nodes):
//     L + I of its graph, SPD with condition number below 2 max degree + 1,
//     so CG's iterations follow the operator, not rounding.
//   - stiffness(): bcsstk01 (48 x 48 structural stiffness), as stored:
//     ill-conditioned; CG on it is steered by rounding after a few dozen
//     iterations (tests ask for convergence and iteration counts within one).

#include <aspmv/host_csr.hpp>
#include <aspmv/io/read_matrix.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace aspmv::testing {

inline std::filesystem::path suitesparse_folder() {
  if (const char* d = std::getenv("ASPMV_CACHE_DIR")) return std::filesystem::path(d) / "matrices" / "suitesparse";
  if (const char* d = std::getenv("XDG_CACHE_HOME"))
    return std::filesystem::path(d) / "aspmv" / "matrices" / "suitesparse";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home ? home : "/") / ".cache" / "aspmv" / "matrices" / "suitesparse";
}

// The matrix, or nothing when the file is absent.
inline std::optional<HostCsr<double, std::int64_t>> suitesparse_matrix(const std::string& name) {
  const auto file = suitesparse_folder() / name;
  if (!std::filesystem::exists(file)) return std::nullopt;
  return io::read_matrix(file.string());
}

inline std::optional<HostCsr<double, std::int64_t>> mesh_laplacian() {
  const auto mesh = suitesparse_matrix("jagmesh7.mtx");
  if (!mesh) return std::nullopt;
  HostCsr<double, std::int64_t> l;
  l.num_rows = l.num_cols = mesh->num_rows;
  l.row_offsets.assign(1, 0);
  for (std::int32_t r = 0; r < mesh->num_rows; ++r) {
    double degree = 0;
    bool diagonal_written = false;
    for (auto k = mesh->row_offsets[r]; k < mesh->row_offsets[r + 1]; ++k) {
      const auto c = mesh->col_indices[k];
      if (c == r) continue;
      if (c > r && !diagonal_written) {
        l.col_indices.push_back(r);
        l.values.push_back(0);  // the diagonal, set below
        diagonal_written = true;
      }
      l.col_indices.push_back(c);
      l.values.push_back(-1.0);
      degree += 1;
    }
    if (!diagonal_written) {
      l.col_indices.push_back(r);
      l.values.push_back(0);
    }
    for (auto k = l.row_offsets.back(); k < static_cast<std::int64_t>(l.col_indices.size()); ++k)
      if (l.col_indices[k] == r) l.values[k] = degree + 1.0;
    l.row_offsets.push_back(static_cast<std::int64_t>(l.col_indices.size()));
  }
  return l;
}

inline std::optional<HostCsr<double, std::int64_t>> stiffness() { return suitesparse_matrix("bcsstk01.rsa"); }

}  // namespace aspmv::testing
