// make_plan for double values and int32 offsets on every enabled execution space
// (the explicit instantiations plan.hpp declares).
#include <aspmv/plan.hpp>

namespace aspmv {
ASPMV_FOR_EACH_ENABLED_SPACE(ASPMV_IMPL_DEFINE_MAKE_PLAN, double, std::int32_t)
}  // namespace aspmv
