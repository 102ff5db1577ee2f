// Plan::apply's and the drop-in spmv's kernels for double values and int64
// offsets on every enabled execution space, for vectors and LayoutLeft and
// LayoutRight multivectors (the explicit instantiations plan.hpp and
// spmv.hpp declare).
#include <aspmv/spmv.hpp>

namespace aspmv {
ASPMV_FOR_EACH_ENABLED_SPACE(ASPMV_IMPL_DEFINE_PLAN_RUNS, double, std::int64_t)
ASPMV_FOR_EACH_ENABLED_SPACE(ASPMV_IMPL_DEFINE_DIRECT_SPMV, double, std::int64_t)
}  // namespace aspmv
