// Every kernel, forced through PlanOptions, against the long-double CPU
// reference on many generated matrices, over every enabled execution space,
// float and double, int32 and int64 offsets.

#include <catch2/catch.hpp>

#include "support/plan_variants.hpp"
#include "support/rows_of.hpp"
#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <corpus/random_csr.hpp>

#include <aspmv/device_csr.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <backends/load_hint.hpp>
#include <backends/traits.hpp>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

const std::vector<SpmvCase>& cases() {
  static const std::vector<SpmvCase> c{
      {1.0, 0.0, false, 11},  {1.0, 1.0, false, 12}, {-0.5, -2.0, false, 13},
      {0.0, -2.0, false, 14}, {1.5, 0.0, true, 15},  {2.0, 1.0, false, 16},
  };
  return c;
}

// A few hundred random matrices (240) over the row-length distributions,
// shapes, sortedness and duplicates.
std::vector<corpus::NamedMatrix> random_matrices() {
  std::vector<corpus::NamedMatrix> out;
  std::uint64_t seed = 100;
  const corpus::RowLengths dists[] = {corpus::RowLengths::constant, corpus::RowLengths::uniform,
                                      corpus::RowLengths::normal,   corpus::RowLengths::geometric,
                                      corpus::RowLengths::bimodal,  corpus::RowLengths::zipf};
  const std::int32_t rows[] = {1, 7, 64, 333, 1200};
  const double means[] = {1, 4, 19, 70};
  for (int variant = 0; variant < 2; ++variant)  // two draws of every combination: 240 matrices
    for (const auto d : dists)
      for (const auto r : rows)
        for (const auto mean : means) {
          corpus::RandomCsrSpec s;
          s.lengths = d;
          s.rows = r;
          s.cols = static_cast<std::int32_t>(seed % 3 == 0 ? r : (seed % 3 == 1 ? 2 * r + 50 : r / 2 + 1));
          s.mean = mean;
          s.spread = d == corpus::RowLengths::bimodal ? 40 * mean : (d == corpus::RowLengths::zipf ? 1.7 : mean / 2);
          s.long_fraction = 0.05;
          s.sorted = seed % 5 != 0;
          s.duplicates = seed % 7 == 0;
          s.seed = seed++;
          out.push_back({corpus::name(s), corpus::random_csr(s)});
        }
  return out;
}

template <class C>
void check_all_kernels(const std::vector<corpus::NamedMatrix>& matrices, bool all_cases) {
  using Space = typename C::space;
  const auto table = small_table();
  const auto kernels = plan_variants<Space>();
  std::size_t index = 0;
  for (const auto& m : matrices) {
    for (const auto& k : kernels) {
      const std::size_t first = all_cases ? 0 : index % cases().size();
      const std::size_t last = all_cases ? cases().size() : first + 1;
      for (std::size_t ci = first; ci < last; ++ci) {
        const auto& c = cases()[ci];
        // Forced kernels run with the small table (every path); automatic with this build's table.
        const ArchTable* t = k.forced() ? &table : nullptr;
        const auto r = run_plan<Space, typename C::value, typename C::offset>(m.matrix, k.options, c, 1, t);
        INFO("space " << backends::Traits<Space>::name << ", " << r.description);
        INFO("matrix " << m.name << ", kernel " << k.name << ", alpha " << c.alpha << ", beta " << c.beta
                       << (c.nan_in_y ? ", NaN in y" : ""));
        INFO("relative error " << r.comparison.relative_error << ", worst row " << r.comparison.worst_row << " at "
                               << r.comparison.worst_ratio << " x its bound, non-finite rows "
                               << r.comparison.nonfinite_rows);
        CHECK(r.comparison.within_bounds);
      }
      ++index;
    }
  }
}

// The kernels that read a launch parameter of the table, with it set (`set`):
// the forms they launch then must equal the reference as the default's do.
template <class C, class Set>
std::size_t check_with_parameter(const std::vector<corpus::NamedMatrix>& matrices, TableParameter key,
                                 const std::string& label, const Set& set) {
  using Space = typename C::space;
  auto table = small_table();
  set(table.parameters);
  std::size_t index = 0, ran = 0;
  for (const auto& m : matrices) {
    for (const auto& k : plan_variants<Space>()) {
      if (!k.forced() || !planner::kernel_reads(k.options.kernel, key)) continue;
      const auto& c = cases()[index++ % cases().size()];
      const auto r = run_plan<Space, typename C::value, typename C::offset>(m.matrix, k.options, c, 1, &table);
      INFO("space " << backends::Traits<Space>::name << ", " << label << ", " << r.description);
      INFO("matrix " << m.name << ", kernel " << k.name << ", alpha " << c.alpha << ", beta " << c.beta
                     << (c.nan_in_y ? ", NaN in y" : ""));
      INFO("relative error " << r.comparison.relative_error << ", worst row " << r.comparison.worst_row);
      CHECK(r.comparison.within_bounds);
      ++ran;
    }
  }
  return ran;
}

std::vector<corpus::NamedMatrix> launch_parameter_matrices() {
  auto matrices = corpus::edge_case_matrices(5);
  const auto random = random_matrices();
  for (std::size_t i = 0; i < random.size(); i += 6) matrices.push_back(random[i]);
  return matrices;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("every kernel equals the reference on the edge cases", "[kernels][edge]", Configs) {
  check_all_kernels<TestType>(corpus::edge_case_matrices(3), true);
}

TEMPLATE_LIST_TEST_CASE("every kernel equals the reference on random matrices", "[kernels][random]", Configs) {
  check_all_kernels<TestType>(random_matrices(), false);
}

TEMPLATE_LIST_TEST_CASE("the kernels that read direct_launch equal the reference with it", "[kernels][direct]",
                        Configs) {
  // On CUDA their range kernels go through the backend's own launch (backends/range_launch.hpp: the runtime API,
  // the driver API), elsewhere through Kokkos as before.
  const auto matrices = launch_parameter_matrices();
  for (const int api : {1, 2}) {
    const auto ran =
        check_with_parameter<TestType>(matrices, TableParameter::direct_launch, "direct_launch " + std::to_string(api),
                                       [&](predictors::KernelParameters& p) { p.direct_launch = api; });
    CHECK(ran >= 5 * matrices.size());  // csr_scalar, csr_vector, csr_delta, ell, sell, lrb, vector_split, variants
  }
}

TEMPLATE_LIST_TEST_CASE("the kernels that read vector_range equal the reference in either launch", "[kernels][direct]",
                        Configs) {
  // GPUs: the team launch (0) and the range of warps (1, the default, here also through the backend's own
  // launch); CPUs ignore it.
  const auto matrices = launch_parameter_matrices();
  for (const auto& launch : {std::pair{0, 0}, std::pair{1, 1}}) {
    const int range = launch.first, direct = launch.second;  // (a lambda cannot capture structured bindings in C++17)
    const auto ran = check_with_parameter<TestType>(
        matrices, TableParameter::vector_range,
        "vector_range " + std::to_string(range) + ", direct_launch " + std::to_string(direct),
        [&](predictors::KernelParameters& p) {
          p.vector_range = range;
          p.direct_launch = direct;
        });
    CHECK(ran >= 2 * matrices.size());  // csr_vector at every TpR, csr_delta
  }
}

TEMPLATE_LIST_TEST_CASE("CSR-vector equals the reference with every cache hint of its matrix loads",
                        "[kernels][direct]", Configs) {
  // GPUs: the range of warps with values and column indices read under each backends::LoadHint (CUDA: .nc, .cs,
  // L1::no_allocate, L2::evict_first), through Kokkos and through the backend's own launch; CPUs read plainly.
  const auto matrices = launch_parameter_matrices();
  for (int hint = 1; hint < backends::load_hint_count; ++hint)
    for (const int direct : {0, 1}) {
      const auto ran = check_with_parameter<TestType>(
          matrices, TableParameter::vector_load,
          "vector_load " + std::to_string(hint) + ", direct_launch " + std::to_string(direct),
          [&](predictors::KernelParameters& p) {
            p.vector_range = 1;
            p.vector_load = hint;
            p.direct_launch = direct;
          });
      CHECK(ran >= matrices.size());  // csr_vector at every TpR
    }
}

TEMPLATE_LIST_TEST_CASE(
    "CSR-vector takes vector_load's hint only where the product outgrows the table's share of "
    "the L2",
    "[unit][direct]", Spaces) {
  using Space = TestType;
  Space exec;
  const auto h = rows_of(std::vector<std::int32_t>(12, 4), 12, 75);
  DeviceCsr<double, std::int32_t, typename Space::memory_space> a(exec, h);
  predictors::KernelParameters p;
  p.vector_load = 2;
  for (const int percent : {0, 85}) {
    p.vector_load_l2_percent = percent;
    const auto s = impl::with_footprint_load(exec, a.view(), impl::vector_shape<Space>(4, p));
    // 12 x 12 fits any L2 (or its size is unknown: plain); CPUs, which read plainly anyway, are not asked
    CHECK(s.load == (percent == 0 || !backends::Traits<Space>::is_gpu ? 2 : 0));
    CHECK(s.load_l2_percent == 0);  // decided: not asked again at launch
  }
  p.vector_load = 0;
  p.vector_load_l2_percent = 0;
  CHECK(impl::with_footprint_load(exec, a.view(), impl::vector_shape<Space>(4, p)).load == 0);
}

TEMPLATE_LIST_TEST_CASE("csr_chunks equals the reference with every lanes-a-row of its row phase",
                        "[kernels][csr_chunks]", Configs) {
  // GPUs: groups of 2 to 8 lanes of a warp sum a row from the staged chunk (0: as many as the rule chooses from the
  // row lengths, gathered by the plan); CPUs run a thread a row.
  const auto matrices = launch_parameter_matrices();
  for (const int lanes : {0, 2, 4, 8}) {
    const auto ran = check_with_parameter<TestType>(
        matrices, TableParameter::chunk_row_lanes, "chunk_row_lanes " + std::to_string(lanes),
        [&](predictors::KernelParameters& p) { p.chunk_row_lanes = lanes; });
    CHECK(ran >= matrices.size());  // csr_chunks
  }
}

TEMPLATE_LIST_TEST_CASE("csr_chunks equals the reference with plain and evict-first loads", "[kernels][csr_chunks]",
                        Configs) {
  // chunk_load 0 plain, 2 evict-first whatever the footprint (chunk_load_l2_percent 0); CPUs read plainly.
  const auto matrices = launch_parameter_matrices();
  for (const int load : {0, 2}) {
    const auto ran = check_with_parameter<TestType>(matrices, TableParameter::chunk_load,
                                                    "chunk_load " + std::to_string(load) + ", chunk_overlap 1",
                                                    [&](predictors::KernelParameters& p) {
                                                      p.chunk_load = load;
                                                      p.chunk_load_l2_percent = 0;
                                                      p.chunk_overlap = 1;
                                                      p.chunk_row_lanes = 0;
                                                    });
    CHECK(ran >= matrices.size());  // csr_chunks
  }
}

TEMPLATE_LIST_TEST_CASE("csr_chunks equals the reference with the window past each chunk staged",
                        "[kernels][csr_chunks]", Configs) {
  // chunk_overlap 1: each chunk also stages the team-size entries past its end; a thread or the lanes rule's lanes a
  // row (test_csr_chunks.cpp: values other than 0 and 1 refused).
  const auto matrices = launch_parameter_matrices();
  for (const int lanes : {1, 0}) {
    const auto ran = check_with_parameter<TestType>(matrices, TableParameter::chunk_overlap,
                                                    "chunk_overlap 1, chunk_row_lanes " + std::to_string(lanes),
                                                    [&](predictors::KernelParameters& p) {
                                                      p.chunk_overlap = 1;
                                                      p.chunk_row_lanes = lanes;
                                                    });
    CHECK(ran >= matrices.size());  // csr_chunks
  }
}
