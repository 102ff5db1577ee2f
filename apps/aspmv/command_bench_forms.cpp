// aspmv bench-forms: the drop-in's forms beyond y = A x, on files or
// generated matrices, each result checked against the long-double reference:
//  - y = A^T x: the transposed plan (A^T built once), the handle ("T": its
//    values refreshed on every call), the drop-in's atomic scatter, and
//    cuSPARSE's transposed cusparseSpMV (ALG1, ALG2), next to the plan's
//    y = A x (the ratio the transpose target is stated in);
//  - Y = A X for K vectors: the drop-in's multivector kernel (LayoutLeft and
//    LayoutRight), K plan.apply calls on the columns, and cusparseSpMM
//    (default algorithm, column- and row-major).
// Times per docs/METRICS.md (median of fenced batches, interleaved rounds).

#include "arg_reader.hpp"
#include "commands.hpp"
#include "demo_set.hpp"
#include "for_each_matrix.hpp"
#include "table_printer.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/kernels/csr_multivector.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>
#include <aspmv/spmv.hpp>
#include <aspmv/spmv_handle.hpp>
#include <aspmv/version.hpp>
#include <backends/comparators.hpp>

#include <bench/timing.hpp>
#include <bench/variants.hpp>
#include <corpus/generated.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::app {

const char* const bench_forms_usage =
    "usage: aspmv bench-forms [options] [MATRIX...]\n"
    "  y = A^T x (transposed plan, handle, drop-in scatter, cuSPARSE transposed SpMV) next to the plan's\n"
    "  y = A x, and Y = A X for K vectors (multivector kernel in both layouts, K plan.apply calls,\n"
    "  cuSPARSE SpMM), each checked against the reference\n"
    "  MATRIX: a file or a generated name, as for 'aspmv bench'; none: the demo set\n"
    "  --float           single precision (default double)\n"
    "  --vectors K[,K]   vector counts of the multivector part (default 4,8; 0: skip it)\n"
    "  --rounds N        interleaved rounds per method (default 3)\n"
    "  --csv FILE        append one row per method to FILE (header written when the file is new)\n";

namespace {

struct FormsOptions {
  bool single = false;
  int rounds = 3;
  std::vector<int> vectors{4, 8};
  std::string csv;
  std::vector<std::string> matrices;
};

FormsOptions parse_forms(const Args& args) {
  FormsOptions o;
  ArgReader r(args, bench_forms_usage);
  while (r.next()) {
    if (r.is("--float")) {
      o.single = true;
    } else if (r.is("--rounds")) {
      o.rounds = std::max(1, static_cast<int>(r.integer()));
    } else if (r.is("--csv")) {
      o.csv = r.value();
    } else if (r.is("--vectors")) {
      o.vectors.clear();
      std::stringstream s(r.value());
      for (std::string item; std::getline(s, item, ',');) {
        const int k = std::atoi(item.c_str());
        if (k < 0 || k > 1024 || item.find_first_not_of("0123456789") != std::string::npos)
          throw Error("--vectors: '" + item + "' is not a count in [0, 1024]");
        if (k > 0) o.vectors.push_back(k);
      }
    } else if (r.is_positional()) {
      o.matrices.push_back(r.current());
    } else {
      r.unknown();
    }
  }
  return o;
}

// One method: what it computes, how to enqueue it, how to read its result.
struct FormMethod {
  std::string name;
  std::string form;    // "N", "T", "N x K"
  std::string layout;  // "-", "left", "right"
  int vectors = 1;
  std::string group;                // methods compared with each other: "T", "N x 4 left", ...
  bool reference_of_group = false;  // the row the group's ratios divide by
  double setup_seconds = 0;
  std::function<void()> call;
  std::function<std::vector<std::vector<double>>()> result;  // y's columns after one call
  std::string error;
  double seconds = 0;
  bool ok = false;
  double worst_ratio = 0;
};

template <class View>
std::vector<std::vector<double>> columns_of(const View& v) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v);
  std::vector<std::vector<double>> c;
  if constexpr (View::rank == 1) {
    c.emplace_back(h.data(), h.data() + h.extent(0));
  } else {
    for (std::size_t j = 0; j < h.extent(1); ++j) {
      c.emplace_back(h.extent(0));
      for (std::size_t i = 0; i < h.extent(0); ++i) c.back()[i] = h(i, j);
    }
  }
  return c;
}

template <class Value, class Offset>
void bench_forms_matrix(const MatrixSource& src, const HostCsr<double, std::int64_t>& host, const FormsOptions& opt,
                        const std::string& device) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  using Vec = Kokkos::View<Value*, Mem>;
  using Left = Kokkos::View<Value**, Kokkos::LayoutLeft, Mem>;
  using Right = Kokkos::View<Value**, Kokkos::LayoutRight, Mem>;
  using Clock = std::chrono::steady_clock;
  Space exec;
  DeviceCsr<Value, Offset, Mem> d(exec, host, src.name);
  const auto& a = d.view();
  const auto hv = convert<Value, std::int64_t>(host);
  const auto ht = transposed(hv);
  const std::size_t m = static_cast<std::size_t>(host.num_rows), n = static_cast<std::size_t>(host.num_cols);
  const int kmax = opt.vectors.empty() ? 1 : *std::max_element(opt.vectors.begin(), opt.vectors.end());
  corpus::Rng rng(42);
  // Host inputs: X has kmax columns over max(m, n) rows; x = column 0.
  std::vector<std::vector<Value>> xs(static_cast<std::size_t>(kmax), std::vector<Value>(std::max(m, n)));
  for (auto& c : xs)
    for (auto& v : c) v = static_cast<Value>(rng.signed_value());
  auto vec = [&](std::size_t len, const std::vector<Value>& from, const std::string& label) {
    Vec v(label, len);
    auto h = Kokkos::create_mirror_view(v);
    for (std::size_t i = 0; i < len; ++i) h(i) = from[i];
    Kokkos::deep_copy(v, h);
    return v;
  };
  const Vec x = vec(n, xs[0], "x"), xt = vec(m, xs[0], "xt");
  const Vec y("y", m), yt("yt", n);

  std::vector<FormMethod> methods;
  auto add = [&](FormMethod f, const std::function<void(FormMethod&)>& setup) {
    const auto t0 = Clock::now();
    try {
      setup(f);
      exec.fence();
      f.setup_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    } catch (const std::exception& e) {
      f.error = e.what();
    }
    methods.push_back(std::move(f));
  };

  // y = A x and y = A^T x.
  add({"plan.apply (A)", "N", "-", 1, "T", true}, [&](FormMethod& f) {
    auto p = std::make_shared<Plan<Space, Value, Offset>>(make_plan(exec, a));
    f.call = [=] { p->apply(exec, Value(1), x, Value(0), y); };
    f.result = [=] { return columns_of(y); };
  });
  add({"transposed plan.apply", "T", "-", 1, "T"}, [&](FormMethod& f) {
    PlanOptions o;
    o.mode = Mode::transpose;
    auto p = std::make_shared<Plan<Space, Value, Offset>>(make_plan(exec, a, o));
    f.call = [=] { p->apply(exec, Value(1), xt, Value(0), yt); };
    f.result = [=] { return columns_of(yt); };
  });
  add({"handle \"T\" (refresh + apply)", "T", "-", 1, "T"}, [&](FormMethod& f) {
    using Matrix = CsrMatrix<Value, Offset, Mem>;
    auto h = std::make_shared<SpmvHandle<Space, Matrix>>();
    aspmv::spmv(exec, h.get(), "T", Value(1), a, xt, Value(0), yt);  // makes the plan
    f.call = [=] { aspmv::spmv(exec, h.get(), "T", Value(1), a, xt, Value(0), yt); };
    f.result = [=] { return columns_of(yt); };
  });
  add({"drop-in \"T\" (scatter)", "T", "-", 1, "T"}, [&](FormMethod& f) {
    f.call = [=] { aspmv::spmv(exec, "T", Value(1), a, xt, Value(0), yt); };
    f.result = [=] { return columns_of(yt); };
  });
#if defined(ASPMV_HAVE_CUSPARSE)
  for (const auto alg : {backends::cuda::CusparseAlgorithm::csr_alg1, backends::cuda::CusparseAlgorithm::csr_alg2})
    add({std::string(backends::cuda::to_string(alg)) + " T", "T", "-", 1, "T"}, [&](FormMethod& f) {
      auto op = std::make_shared<backends::cuda::CusparseSpmv<Value, Offset>>(exec, a, xt, yt, alg, true);
      f.call = [=] { op->apply(Value(1), Value(0)); };
      f.result = [=] { return columns_of(yt); };
    });
#endif

  // Y = A X for each vector count, both layouts.
  for (const int k : opt.vectors) {
    const std::size_t ks = static_cast<std::size_t>(k);
    auto fill = [&](auto v) {
      auto h = Kokkos::create_mirror_view(v);
      for (std::size_t j = 0; j < ks; ++j)
        for (std::size_t i = 0; i < n; ++i) h(i, j) = xs[j][i];
      Kokkos::deep_copy(v, h);
      return v;
    };
    const Left xl = fill(Left("XL", n, ks)), yl("YL", m, ks);
    const Right xr = fill(Right("XR", n, ks)), yr("YR", m, ks);
    const std::string kk = "N x " + std::to_string(k);
    add({"plan.apply per column", kk, "left", k, kk + " left", true}, [&](FormMethod& f) {
      auto p = std::make_shared<Plan<Space, Value, Offset>>(make_plan(exec, a));
      f.call = [=] {
        for (std::size_t j = 0; j < ks; ++j)
          p->apply(exec, Value(1), Kokkos::subview(xl, Kokkos::ALL(), j), Value(0),
                   Kokkos::subview(yl, Kokkos::ALL(), j));
      };
      f.result = [=] { return columns_of(yl); };
    });
    for (const bool left : {true, false})
      add({"plan.apply multivector", kk, left ? "left" : "right", k, kk + (left ? " left" : " right")},
          [&](FormMethod& f) {
            auto p = std::make_shared<Plan<Space, Value, Offset>>(make_plan(exec, a));
            if (left)
              f.call = [=] { p->apply(exec, Value(1), xl, Value(0), yl); };
            else
              f.call = [=] { p->apply(exec, Value(1), xr, Value(0), yr); };
            f.result = [=] { return left ? columns_of(yl) : columns_of(yr); };
          });
    add({"drop-in multivector", kk, "left", k, kk + " left"}, [&](FormMethod& f) {
      f.call = [=] { aspmv::spmv(exec, Value(1), a, xl, Value(0), yl); };
      f.result = [=] { return columns_of(yl); };
    });
    add({"drop-in multivector", kk, "right", k, kk + " right", true}, [&](FormMethod& f) {
      f.call = [=] { aspmv::spmv(exec, Value(1), a, xr, Value(0), yr); };
      f.result = [=] { return columns_of(yr); };
    });
    // Both shapes of the multivector kernel, whichever the drop-in picks, with
    // and without the team pass over long rows (the measurements behind
    // impl::multivector_columns_max_mean and impl::multivector_long_row_*).
    const auto chosen = impl::multivector_launch<Space>(a.num_rows(), a.nnz(), planner::direct_tpr<Space>(a));
    const double mean = a.num_rows() > 0 ? double(a.nnz()) / double(a.num_rows()) : 0.0;
    const std::int64_t team_long_row =
        backends::Traits<Space>::is_gpu ? impl::multivector_long_row_threshold(mean) : impl::no_long_rows;
    for (const auto shape : {impl::MultivectorShape::columns, impl::MultivectorShape::entries})
      for (const bool team_rows : {false, true}) {
        const impl::MultivectorLaunch launch{shape, chosen.tpr, team_rows ? team_long_row : impl::no_long_rows};
        if (team_rows && team_long_row == impl::no_long_rows) continue;  // the same launch twice
        const std::string sname =
            std::string(shape == impl::MultivectorShape::columns ? "lanes over columns" : "lanes over entries") +
            (team_rows ? ", team rows" : "");
        add({"multivector (" + sname + ")", kk, "left", k, kk + " left"}, [&](FormMethod& f) {
          f.call = [=] {
            const impl::InputVector<Left> xa = xl;
            impl::launch_csr_multivector(exec, a, arch_table().parameters, launch, Value(1), xa, Value(0),
                                         impl::output_vector(yl));
          };
          f.result = [=] { return columns_of(yl); };
        });
        add({"multivector (" + sname + ")", kk, "right", k, kk + " right"}, [&](FormMethod& f) {
          f.call = [=] {
            const impl::InputVector<Right> xa = xr;
            impl::launch_csr_multivector(exec, a, arch_table().parameters, launch, Value(1), xa, Value(0),
                                         impl::output_vector(yr));
          };
          f.result = [=] { return columns_of(yr); };
        });
      }
#if defined(ASPMV_HAVE_CUSPARSE)
    add({"cusparse_spmm_default", kk, "left", k, kk + " left"}, [&](FormMethod& f) {
      auto op = std::make_shared<backends::cuda::CusparseSpmm<Value, Offset, Kokkos::LayoutLeft>>(
          exec, a, xl, yl, backends::cuda::CusparseSpmmAlgorithm::default_alg);
      f.call = [=] { op->apply(Value(1), Value(0)); };
      f.result = [=] { return columns_of(yl); };
    });
    add({"cusparse_spmm_default", kk, "right", k, kk + " right"}, [&](FormMethod& f) {
      auto op = std::make_shared<backends::cuda::CusparseSpmm<Value, Offset, Kokkos::LayoutRight>>(
          exec, a, xr, yr, backends::cuda::CusparseSpmmAlgorithm::default_alg);
      f.call = [=] { op->apply(Value(1), Value(0)); };
      f.result = [=] { return columns_of(yr); };
    });
#endif
  }

  // Check each method once, then time them in interleaved rounds.
  for (auto& f : methods) {
    if (!f.error.empty()) continue;
    try {
      f.call();
      exec.fence();
      const auto cols = f.result();
      const auto& op = f.form == "T" ? ht : hv;
      f.ok = true;
      for (std::size_t j = 0; j < cols.size(); ++j) {
        std::vector<Value> xj(xs[j].begin(), xs[j].begin() + op.num_cols);
        const auto c = compare(op, cols[j], reference_spmv(op, 1.0, xj, 0.0, std::vector<Value>{}),
                               static_cast<double>(std::numeric_limits<Value>::epsilon()));
        f.ok = f.ok && c.within_bounds;
        f.worst_ratio = std::max(f.worst_ratio, c.worst_ratio);
      }
    } catch (const std::exception& e) {
      f.error = e.what();
    }
  }
  std::vector<std::vector<double>> times(methods.size());
  for (int round = 0; round < opt.rounds; ++round)
    for (std::size_t i = 0; i < methods.size(); ++i)
      if (methods[i].error.empty()) times[i].push_back(bench::time_calls(exec, methods[i].call).seconds_per_call);
  for (std::size_t i = 0; i < methods.size(); ++i)
    if (!times[i].empty()) {
      std::sort(times[i].begin(), times[i].end());
      methods[i].seconds = times[i][times[i].size() / 2];
    }

  std::printf("\n%s: %d x %d, %lld nnz, %s, int%d offsets (%s)\n", src.name.c_str(), host.num_rows, host.num_cols,
              static_cast<long long>(host.nnz()), sizeof(Value) == 8 ? "double" : "float", int(8 * sizeof(Offset)),
              src.origin.c_str());
  TablePrinter t({"form", "method", "layout", "setup ms", "time us", "vs first of group", "check"});
  for (const auto& f : methods) {
    double base = 0;
    for (const auto& g : methods)
      if (g.group == f.group && g.reference_of_group && g.seconds > 0) base = g.seconds;
    char err[48];
    std::snprintf(err, sizeof err, "%.2f of bound", f.worst_ratio);
    t.add_row({f.form, f.name, f.layout, fixed(f.setup_seconds * 1e3, 3),
               f.seconds > 0 ? fixed(f.seconds * 1e6, 2) : "-",
               base > 0 && f.seconds > 0 ? fixed(f.seconds / base, 3) + "x" : "-",
               f.error.empty() ? std::string(f.ok ? "ok " : "FAIL ") + err : "ERROR " + f.error});
  }
  std::printf("%s", t.str().c_str());

  if (!opt.csv.empty()) {
    const bool fresh = !std::ifstream(opt.csv).good();
    std::ofstream out(opt.csv, std::ios::app);
    if (!out) throw Error("cannot write " + opt.csv);
    if (fresh)
      out << "matrix,rows,cols,nnz,value,offset,form,method,layout,vectors,setup_s,time_s,ok,error,device,arch,"
             "commit\n";
    for (const auto& f : methods) {
      char line[1024];
      std::snprintf(line, sizeof line, "%s,%d,%d,%lld,%s,int%d,%s,%s,%s,%d,%.6e,%.6e,%d,%s,%s,%s,%s\n",
                    src.name.c_str(), host.num_rows, host.num_cols, static_cast<long long>(host.nnz()),
                    sizeof(Value) == 8 ? "double" : "float", int(8 * sizeof(Offset)), f.form.c_str(),
                    bench::csv_safe(f.name).c_str(), f.layout.c_str(), f.vectors, f.setup_seconds, f.seconds,
                    f.ok ? 1 : 0, bench::csv_safe(f.error).c_str(), device.c_str(), arch_table().arch,
                    build_git_commit);
      out << line;
    }
  }
}

}  // namespace

int command_bench_forms(const Args& args) {
  const auto opt = parse_forms(args);
  using Space = Kokkos::DefaultExecutionSpace;
  Space exec;
  auto device = device_properties(exec).name;
  for (auto& ch : device)
    if (ch == ',') ch = ' ';
  std::printf("aspmv bench-forms on %s (%s), table %s, commit %s\n", device.c_str(), Space::name(), arch_table().arch,
              build_git_commit);
  const auto sources = named_sources(opt.matrices);
  const int failures = for_each_matrix("bench-forms", sources, opt.single,
                                       [&](const MatrixSource& src, const auto& host, auto v, auto o) {
                                         bench_forms_matrix<decltype(v), decltype(o)>(src, host, opt, device);
                                       });
  if (failures == static_cast<int>(sources.size())) return 1;  // nothing measured: no legend
  std::printf(
      "\ntime: median over %d interleaved rounds of the median of 9 fenced batches (docs/METRICS.md); "
      "'vs first of group': time / the group's reference row (plan.apply of A for \"T\"; K plan.apply "
      "calls for LayoutLeft; the multivector kernel for LayoutRight)\n",
      opt.rounds);
  return failures == 0 ? 0 : 1;
}

}  // namespace aspmv::app
