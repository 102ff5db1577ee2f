#pragma once
// aspmv::Kernel: the SpMV kernels a plan can run, with their names.
//
// ASPMV_KERNEL_REGISTRY is the kernel registry: one line per kernel, naming
// its enumerator (also its name in tools, CSV files and reports) and its
// descriptor type in aspmv::kernels, which <aspmv/kernels/ENUMERATOR.hpp>
// defines beside the kernel's functors and planner. Everything that lists
// kernels (the enum, to_string/parse, the plan's step variant, the
// benchmark's methods, the tests, the collector's run.json) expands this
// list; see docs/ARCHITECTURE.md for adding a kernel.

#include <aspmv/error.hpp>

#include <array>
#include <string>

// X(enumerator, Descriptor)
#define ASPMV_KERNEL_REGISTRY(X)          \
  X(csr_scalar, CsrScalar)                \
  X(csr_vector, CsrVector)                \
  X(gao_partitioned, GaoPartitioned)      \
  X(csr_adaptive, CsrAdaptive)            \
  X(merge_path, MergePath)                \
  X(coo, Coo)                             \
  X(merge_split, MergeSplit)              \
  X(csr_delta, CsrDelta)                  \
  X(sell, Sell)                           \
  X(ell, Ell)                             \
  X(jad, Jad)                             \
  X(csr_vector_team, CsrVectorTeam)       \
  X(dia, Dia)                             \
  X(tile8x4, Tile8x4)                     \
  X(lrb, Lrb)                             \
  X(vector_split, VectorSplit)            \
  X(csr_adaptive_delta, CsrAdaptiveDelta) \
  X(ell_bro, EllBro)                      \
  X(csr_chunks, CsrChunks)

namespace aspmv {

#define ASPMV_KERNEL_ENUMERATOR(name, type) name,
enum class Kernel {
  automatic,  // chosen by the plan (rules now, trained models when present)
  ASPMV_KERNEL_REGISTRY(ASPMV_KERNEL_ENUMERATOR)
};
#undef ASPMV_KERNEL_ENUMERATOR

#define ASPMV_KERNEL_VALUE(name, type) Kernel::name,
// Every registered kernel, in registry order (automatic excluded).
inline constexpr Kernel all_kernels[] = {ASPMV_KERNEL_REGISTRY(ASPMV_KERNEL_VALUE)};
#undef ASPMV_KERNEL_VALUE

inline const char* to_string(Kernel k) {
#define ASPMV_KERNEL_NAME_CASE(name, type) \
  case Kernel::name: return #name;
  switch (k) {
    case Kernel::automatic: return "automatic"; ASPMV_KERNEL_REGISTRY(ASPMV_KERNEL_NAME_CASE)
  }
#undef ASPMV_KERNEL_NAME_CASE
  return "unknown";
}

// Parses a kernel name as to_string() writes it; throws aspmv::Error otherwise.
inline Kernel parse_kernel(const std::string& name) {
  if (name == "automatic") return Kernel::automatic;
  std::string known = "automatic";
  for (const auto k : all_kernels) {
    if (name == to_string(k)) return k;
    known += std::string(", ") + to_string(k);
  }
  throw Error("aspmv::parse_kernel: unknown kernel '" + name + "' (" + known + ")");
}

}  // namespace aspmv
