#pragma once
// aspmv::Kernel: the SpMV kernels a plan can run, with their names.

#include <aspmv/error.hpp>

#include <array>
#include <string>

namespace aspmv {

enum class Kernel {
  automatic,        // chosen by the plan (rules now, trained models when present)
  csr_scalar,       // one thread per row
  csr_vector,       // TpR threads per row (team vector length)
  gao_partitioned,  // Gao Algorithm 1 blocks: short blocks CSR-vector with their own TpR, long rows by teams
  csr_adaptive,     // Daga & Greathouse CSR-Stream / CSR-Vector / CSR-VectorL
  merge_path,       // Merrill & Garland merge-path (equal shares of rows + nnz)
};

inline constexpr std::array<Kernel, 5> all_kernels{Kernel::csr_scalar, Kernel::csr_vector, Kernel::gao_partitioned,
                                                   Kernel::csr_adaptive, Kernel::merge_path};

inline const char* to_string(Kernel k) {
  switch (k) {
    case Kernel::automatic: return "automatic";
    case Kernel::csr_scalar: return "csr_scalar";
    case Kernel::csr_vector: return "csr_vector";
    case Kernel::gao_partitioned: return "gao_partitioned";
    case Kernel::csr_adaptive: return "csr_adaptive";
    case Kernel::merge_path: return "merge_path";
  }
  return "unknown";
}

// Parses a kernel name as to_string() writes it; throws aspmv::Error otherwise.
inline Kernel parse_kernel(const std::string& name) {
  if (name == "automatic") return Kernel::automatic;
  for (const auto k : all_kernels)
    if (name == to_string(k)) return k;
  throw Error("aspmv: unknown kernel '" + name +
              "' (automatic, csr_scalar, csr_vector, gao_partitioned, csr_adaptive, merge_path)");
}

}  // namespace aspmv
