// Plan::apply's and the drop-in spmv's kernels for float values and int32
// offsets on every enabled execution space, for vectors and LayoutLeft and
// LayoutRight multivectors (the explicit instantiations plan.hpp and
// spmv.hpp declare).
#include <aspmv/spmv.hpp>

namespace aspmv {
ASPMV_FOR_EACH_ENABLED_SPACE(ASPMV_IMPL_DEFINE_PLAN_RUNS, float, std::int32_t)
ASPMV_FOR_EACH_ENABLED_SPACE(ASPMV_IMPL_DEFINE_DIRECT_SPMV, float, std::int32_t)
}  // namespace aspmv
