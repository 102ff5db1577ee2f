#pragma once
// The kernel registry as types: every descriptor named by
// ASPMV_KERNEL_REGISTRY (aspmv/kernel.hpp), the variant of their plan steps,
// and lookups by Kernel. Each descriptor (aspmv::kernels::X, defined in
// <aspmv/kernels/x.hpp>) provides:
//   id, traits (KernelTraits), parameters (the TableParameters it reads),
//   Step<ExecSpace, Matrix> with num_groups(), workspace_size(), run_group(),
//   configurations(max_tpr) -> the KernelConfigs benchmarks and tests run,
//   plan(PlanContext, PlanSummary&) -> Step, and, when traits.direct,
//   launch(exec, A, table parameters, tpr, alpha, x, beta, y) without a plan.

#include <aspmv/error.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/coo.hpp>
#include <aspmv/kernels/csr_adaptive.hpp>
#include <aspmv/kernels/csr_adaptive_delta.hpp>
#include <aspmv/kernels/csr_chunks.hpp>
#include <aspmv/kernels/csr_delta.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/kernels/csr_vector_team.hpp>
#include <aspmv/kernels/dia.hpp>
#include <aspmv/kernels/ell.hpp>
#include <aspmv/kernels/ell_bro.hpp>
#include <aspmv/kernels/gao_partitioned.hpp>
#include <aspmv/kernels/jad.hpp>
#include <aspmv/kernels/lrb.hpp>
#include <aspmv/kernels/merge_path.hpp>
#include <aspmv/kernels/merge_split.hpp>
#include <aspmv/kernels/sell.hpp>
#include <aspmv/kernels/tile8x4.hpp>
#include <aspmv/kernels/vector_split.hpp>
#include <aspmv/planner/kernel_info.hpp>

#include <algorithm>
#include <utility>
#include <variant>
#include <vector>

namespace aspmv::planner {

template <class... Descriptors>
struct KernelList {};

namespace detail {
template <class Ignored, class... Descriptors>
struct DropFirst {
  using type = KernelList<Descriptors...>;
};
template <class ExecSpace, class Matrix, class List>
struct StepVariant;
template <class ExecSpace, class Matrix, class... D>
struct StepVariant<ExecSpace, Matrix, KernelList<D...>> {
  using type = std::variant<typename D::template Step<ExecSpace, Matrix>...>;
};
template <class F, class... D>
void for_each(KernelList<D...>, F&& f) {
  (f(D{}), ...);
}
}  // namespace detail

template <class Step, class ExecSpace>
constexpr auto has_refresh_values(int)
    -> decltype(std::declval<const Step&>().refresh_values(std::declval<const ExecSpace&>()), true) {
  return true;
}
template <class Step, class ExecSpace>
constexpr bool has_refresh_values(long) {
  return false;
}

#define ASPMV_KERNEL_DESCRIPTOR(name, type) , kernels::type
// The descriptors, in registry order.
using Registry = typename detail::DropFirst<void ASPMV_KERNEL_REGISTRY(ASPMV_KERNEL_DESCRIPTOR)>::type;
#undef ASPMV_KERNEL_DESCRIPTOR

// The step a plan runs: one of the registered kernels' steps.
template <class ExecSpace, class Matrix>
using PlanStep = typename detail::StepVariant<ExecSpace, Matrix, Registry>::type;

// Calls f(Descriptor{}) for every registered kernel, in registry order.
template <class F>
void for_each_kernel(F&& f) {
  detail::for_each(Registry{}, f);
}

// Calls f(Descriptor{}) for the descriptor of `k` (a registered kernel).
template <class F>
void with_kernel(Kernel k, F&& f) {
  bool found = false;
  for_each_kernel([&](auto d) {
    if (decltype(d)::id == k) {
      found = true;
      f(d);
    }
  });
  if (!found) throw Error(std::string("aspmv: no registered kernel '") + to_string(k) + "'");
}

// A step that holds a converted copy of A's values (a format kernel) copies
// A's current ones again; the others read A's and do nothing.
template <class Step, class ExecSpace>
void refresh_step_values(const Step& step, const ExecSpace& exec) {
  if constexpr (has_refresh_values<Step, ExecSpace>(0)) step.refresh_values(exec);
}

inline KernelTraits kernel_traits(Kernel k) {
  KernelTraits t{};
  with_kernel(k, [&](auto d) { t = decltype(d)::traits; });
  return t;
}

// The configurations benchmarks and tests run for `k`.
inline std::vector<KernelConfig> kernel_configurations(Kernel k, int max_tpr) {
  std::vector<KernelConfig> c;
  with_kernel(k, [&](auto d) { c = decltype(d)::configurations(max_tpr); });
  return c;
}

// Whether `k` reads table parameter `p` (bench variants).
inline bool kernel_reads(Kernel k, TableParameter p) {
  bool reads = false;
  with_kernel(k, [&](auto d) {
    for (const auto q : decltype(d)::parameters) reads = reads || q == p;
  });
  return reads;
}

}  // namespace aspmv::planner
