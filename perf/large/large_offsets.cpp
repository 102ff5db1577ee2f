// aspmv_large_offsets: a matrix with more than 2^31 nonzeros (int64 row
// offsets) through every kernel, with the public API only.
//
// The matrix (large_matrix.hpp) is generated on the device: row lengths from
// a hash of the row, offsets by a device scan, columns and values from a hash
// of (row, position in row); nothing of it passes through the host. For each
// kernel forced through PlanOptions (and the automatic choice) the program
// makes the plan, applies y = 1.5 A x - 0.5 y once with y preset, and checks
//  - the sampled rows (the long rows, the first and last rows, the rows
//    holding entries 2^31 - 1, 2^31, 2^32, some medium rows, random rows)
//    against a host long-double reference recomputed from the formulas, with
//    the bound of aspmv::compare(): |y_i - ref_i| <= 2 eps (len_i + 2) mag_i;
//  - every row against a device reference summed in double from the stored
//    arrays (exact: see large_matrix.hpp), with the same bound
//    (--no-full-check skips it).
// A plan that throws aspmv::Error states a limit up front: reported as
// "refused", not as a failure. Any other exception, or a row out of bounds,
// is a failure; the exit status is 1 when any kernel failed.
//
//   aspmv_large_offsets [--nnz N] [--float] [--kernels a,b,...] [--samples K] [--csv FILE] ...

#include <aspmv/arch_table.hpp>
#include <aspmv/device_info.hpp>
#include <aspmv/error.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/version.hpp>

#include "large_matrix.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace aspmv;
using large::MatrixSpec;
using Space = Kokkos::DefaultExecutionSpace;
using Mem = Space::memory_space;
using Offset = std::int64_t;
using Range = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

const char* const usage =
    "usage: aspmv_large_offsets [options]\n"
    "  --nnz N            target nonzeros (default 2281701376 = 2^31 + 2^27; 5e6 and 2^31+2^27 forms accepted)\n"
    "  --float            single precision values (default double)\n"
    "  --kernels LIST     comma-separated subset of the runs (default: all): every registered kernel\n"
    "                     (csr_vector<1> and csr_vector<rule> for TpR kernels without analysis), NAME/deterministic\n"
    "                     for kernels that split rows, and automatic; an unknown name lists them\n"
    "  --samples K        rows checked against the host long-double reference (default 64; the long rows,\n"
    "                     first/last rows and the rows at entries 2^31-1, 2^31, 2^32 are always among them)\n"
    "  --no-full-check    skip the device check of every row (saves 2 x rows doubles of memory)\n"
    "  --reps R           timed applies after the checked one (default 3; at most 0.5 s of them)\n"
    "  --long-rows L      long rows (default 6, at most 16; the last row is one)\n"
    "  --long-fraction F  share of the nonzeros in the long rows (default 0.0945: 10M..62M nnz per row\n"
    "                     at the default size)\n"
    "  --short-max S      short rows have 1..S nonzeros (default 31: ~147M rows at the default size)\n"
    "  --seed S           matrix seed (default 1)\n"
    "  --csv FILE         append one row per kernel to FILE (header written when the file is new)\n"
    "  --force            run even when the memory estimate exceeds the free memory\n"
    "  --perturb          test the checks: add 1/64 to y of row 0 after the checked apply;\n"
    "                     every kernel must then FAIL\n";

struct Options {
  std::int64_t nnz = (std::int64_t(1) << 31) + (std::int64_t(1) << 27);
  bool single = false;
  std::vector<std::string> kernels;
  std::int64_t samples = 64;
  bool full_check = true;
  int reps = 3;
  int long_rows = 6;
  double long_fraction = 0.0945;
  std::int64_t short_max = 31;
  std::uint64_t seed = 1;
  std::string csv;
  bool force = false;
  bool perturb = false;  // checks the checks: row 0 is made wrong after each apply
};

[[noreturn]] void usage_error(const std::string& what) {
  std::fprintf(stderr, "aspmv_large_offsets: %s\n%s", what.c_str(), usage);
  std::exit(2);
}

// "2281701376", "5e6", "2^31+2^27", "2^31-1".
std::int64_t parse_count(const std::string& v) {
  long double total = 0;
  std::size_t i = 0;
  int sign = 1;
  bool any = false;
  while (i < v.size()) {
    std::size_t used = 0;
    long double term = 0;
    try {
      term = std::stold(v.substr(i), &used);
    } catch (...) {
      usage_error("cannot read the count '" + v + "'");
    }
    i += used;
    if (i < v.size() && v[i] == '^') {
      std::size_t used2 = 0;
      const long double e = std::stold(v.substr(i + 1), &used2);
      term = std::pow(term, e);
      i += 1 + used2;
    }
    total += sign * term;
    any = true;
    if (i < v.size()) {
      if (v[i] != '+' && v[i] != '-') usage_error("cannot read the count '" + v + "'");
      sign = v[i] == '+' ? 1 : -1;
      ++i;
    }
  }
  if (!any || total < 1 || total > 9e18L) usage_error("bad count '" + v + "'");
  return static_cast<std::int64_t>(std::llround(total));
}

Options parse(int argc, char* argv[]) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage_error("option " + a + " needs a value");
      return argv[++i];
    };
    if (a == "--nnz")
      o.nnz = parse_count(value());
    else if (a == "--float")
      o.single = true;
    else if (a == "--kernels") {
      std::stringstream ss(value());
      std::string k;
      while (std::getline(ss, k, ','))
        if (!k.empty()) o.kernels.push_back(k);
    } else if (a == "--samples")
      o.samples = parse_count(value());
    else if (a == "--no-full-check")
      o.full_check = false;
    else if (a == "--reps")
      o.reps = std::atoi(value().c_str());
    else if (a == "--long-rows")
      o.long_rows = std::atoi(value().c_str());
    else if (a == "--long-fraction")
      o.long_fraction = std::atof(value().c_str());
    else if (a == "--short-max")
      o.short_max = parse_count(value());
    else if (a == "--seed")
      o.seed = static_cast<std::uint64_t>(parse_count(value()));
    else if (a == "--csv")
      o.csv = value();
    else if (a == "--force")
      o.force = true;
    else if (a == "--perturb")
      o.perturb = true;
    else if (a == "-h" || a == "--help") {
      std::fputs(usage, stdout);
      std::exit(0);
    } else if (a.rfind("--kokkos", 0) == 0)
      continue;
    else
      usage_error("unknown option '" + a + "'");
  }
  if (o.long_rows < 1 || o.long_rows > large::max_long_rows) usage_error("--long-rows must be in [1, 16]");
  if (!(o.long_fraction > 0 && o.long_fraction < 0.9)) usage_error("--long-fraction must be in (0, 0.9)");
  if (o.short_max < 1 || o.short_max > 100000) usage_error("--short-max must be in [1, 100000]");
  return o;
}

// ---------------------------------------------------------------------------
// The matrix's shape: rows so that the expected nnz meets the target.

MatrixSpec make_spec(const Options& o) {
  MatrixSpec s;
  s.seed = o.seed;
  s.short_max = o.short_max;
  int L = o.long_rows;
  const double long_total = o.long_fraction * double(o.nnz);
  const double mean = large::mean_other_row_length(o.short_max);
  std::int64_t m = std::llround((double(o.nnz) - long_total) / mean);
  if (m < 4 * L) m = 4 * L;
  if (m > std::numeric_limits<std::int32_t>::max() - 1)
    usage_error("the target needs " + std::to_string(m) + " rows, more than int32 ordinals hold (raise --short-max)");
  s.rows = m;
  s.cols = m;
  s.num_long = L;
  // Lengths in proportion 1 : 2 : ... : L; the longest is the last row.
  const double unit = long_total / (double(L) * (L + 1) / 2);
  for (int i = 0; i < L; ++i) {
    s.long_row[i] = i + 1 < L ? (2 * std::int64_t(i) + 1) * m / (2 * std::int64_t(L)) : m - 1;
    s.long_len[i] = std::max<std::int64_t>(1, std::llround(unit * (i + 1)));
  }
  return s;
}

// ---------------------------------------------------------------------------
// Device generation.

struct ScanLengths {
  MatrixSpec s;
  Kokkos::View<Offset*, Mem> off;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, std::int64_t& update, const bool final) const {
    update += large::row_length(s, r);
    if (final) {
      off(r + 1) = update;
      if (r == 0) off(0) = 0;
    }
  }
};

template <class Value>
struct FillEntries {
  MatrixSpec s;
  Kokkos::View<const Offset*, Mem> off;
  Kokkos::View<std::int32_t*, Mem> cols;
  Kokkos::View<Value*, Mem> vals;
  std::int64_t nnz, chunk;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    const std::int64_t k0 = c * chunk, k1 = k0 + chunk < nnz ? k0 + chunk : nnz;
    std::int64_t r = large::row_of_entry(off, s.rows, k0);
    std::int64_t b = off(r), e = off(r + 1);
    std::uint64_t key = large::row_key(s, r);
    for (std::int64_t k = k0; k < k1; ++k) {
      while (k >= e) {
        ++r;
        b = e;
        e = off(r + 1);
        key = large::row_key(s, r);
      }
      const std::uint64_t h = large::entry_hash(key, k - b);
      cols(k) = large::entry_column(s, r, e - b, k - b, h);
      vals(k) = static_cast<Value>(large::entry_value(h));
    }
  }
};

template <class Value>
struct FillX {
  MatrixSpec s;
  Kokkos::View<Value*, Mem> x;
  KOKKOS_FUNCTION void operator()(const std::int64_t j) const { x(j) = static_cast<Value>(large::x_value(s, j)); }
};

template <class Value>
struct PresetY {
  MatrixSpec s;
  Kokkos::View<Value*, Mem> y;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const { y(r) = static_cast<Value>(large::y0_value(s, r)); }
};

template <class Value>
struct PerturbRow {
  Kokkos::View<Value*, Mem> y;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const { y(r) += Value(1.0 / 64); }
};

// Device reference: row sums of the stored arrays in double (exact), chunks
// of entries adding into their rows with atomics.
template <class Value>
struct ReferenceSums {
  MatrixSpec s;
  Kokkos::View<const Offset*, Mem> off;
  Kokkos::View<const std::int32_t*, Mem> cols;
  Kokkos::View<const Value*, Mem> vals;
  Kokkos::View<const Value*, Mem> x;
  Kokkos::View<double*, Mem> sum, mag;
  std::int64_t nnz, chunk;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    const std::int64_t k0 = c * chunk, k1 = k0 + chunk < nnz ? k0 + chunk : nnz;
    std::int64_t r = large::row_of_entry(off, s.rows, k0);
    std::int64_t e = off(r + 1);
    double acc = 0, abs_acc = 0;
    for (std::int64_t k = k0; k < k1; ++k) {
      if (k >= e) {
        Kokkos::atomic_add(&sum(r), acc);
        Kokkos::atomic_add(&mag(r), abs_acc);
        acc = abs_acc = 0;
        while (k >= e) e = off(++r + 1);
      }
      const double p = static_cast<double>(vals(k)) * static_cast<double>(x(cols(k)));
      acc += p;
      abs_acc += p < 0 ? -p : p;
    }
    Kokkos::atomic_add(&sum(r), acc);
    Kokkos::atomic_add(&mag(r), abs_acc);
  }
};

// ref = 1.5 sum - 0.5 y0, mag = 1.5 sum|p| + 0.5 |y0| (in place).
struct ReferenceFinish {
  MatrixSpec s;
  Kokkos::View<double*, Mem> sum, mag;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const {
    const double y0 = large::y0_value(s, r);
    sum(r) = 1.5 * sum(r) - 0.5 * y0;
    mag(r) = 1.5 * mag(r) + 0.5 * (y0 < 0 ? -y0 : y0);
  }
};

struct CheckValue {
  std::int64_t bad = 0;      // rows out of bounds (or not finite)
  std::int64_t inexact = 0;  // rows not equal to the exact result
  double worst_ratio = 0;    // max |y - ref| / bound
  std::int64_t worst_row = -1;
};

template <class Value>
struct FullCheck {
  using value_type = CheckValue;
  Kokkos::View<const Value*, Mem> y;
  Kokkos::View<const double*, Mem> ref, mag;
  Kokkos::View<const Offset*, Mem> off;
  double eps;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, CheckValue& c) const {
    const double yi = static_cast<double>(y(r));
    const double d = yi > ref(r) ? yi - ref(r) : ref(r) - yi;
    const double bound = 2.0 * eps * static_cast<double>(off(r + 1) - off(r) + 2) * mag(r);
    const bool ok = d <= bound;  // false for NaN
    if (!ok) ++c.bad;
    if (!(d == 0)) ++c.inexact;
    const double ratio = !ok && !(d > bound) ? 1e300 : (bound > 0 ? d / bound : (d > 0 ? 1e300 : 0.0));
    if (ratio > c.worst_ratio) {
      c.worst_ratio = ratio;
      c.worst_row = r;
    }
  }
  KOKKOS_FUNCTION void init(CheckValue& c) const { c = CheckValue{}; }
  KOKKOS_FUNCTION void join(CheckValue& d, const CheckValue& s) const {
    d.bad += s.bad;
    d.inexact += s.inexact;
    if (s.worst_ratio > d.worst_ratio) {
      d.worst_ratio = s.worst_ratio;
      d.worst_row = s.worst_row;
    }
  }
  KOKKOS_FUNCTION void join(volatile CheckValue& d, const volatile CheckValue& s) const {
    d.bad += s.bad;
    d.inexact += s.inexact;
    if (s.worst_ratio > d.worst_ratio) {
      d.worst_ratio = s.worst_ratio;
      d.worst_row = s.worst_row;
    }
  }
};

template <class Value>
struct GatherRows {
  Kokkos::View<const std::int64_t*, Mem> rows;
  Kokkos::View<const Value*, Mem> y;
  Kokkos::View<const Offset*, Mem> off;
  Kokkos::View<double*, Mem> y_out;
  Kokkos::View<Offset*, Mem> len_out;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    y_out(i) = static_cast<double>(y(rows(i)));
    len_out(i) = off(rows(i) + 1) - off(rows(i));
  }
};

Offset offset_at(const Kokkos::View<const Offset*, Mem>& off, std::int64_t r) {
  Offset v = 0;
  Kokkos::deep_copy(v, Kokkos::subview(off, r));
  return v;
}

std::int64_t row_of_position(const Kokkos::View<const Offset*, Mem>& off, std::int64_t rows, std::int64_t p) {
  std::int64_t lo = 0, hi = rows - 1;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo + 1) / 2;
    if (offset_at(off, mid) <= p)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// ---------------------------------------------------------------------------
// Host reference of the sampled rows (long double, from the formulas; long
// rows cut into pieces summed by all host threads).

struct HostReference {
  std::vector<std::int64_t> rows;
  std::vector<std::int64_t> length;
  std::vector<long double> y;    // 1.5 sum - 0.5 y0
  std::vector<long double> mag;  // 1.5 sum |p| + 0.5 |y0|
};

HostReference host_reference(const MatrixSpec& s, const std::vector<std::int64_t>& rows) {
  HostReference ref;
  ref.rows = rows;
  const std::size_t n = rows.size();
  ref.length.resize(n);
  struct Piece {
    std::size_t sample;
    std::int64_t j0, j1;
    long double sum = 0, abs = 0;
  };
  std::vector<Piece> pieces;
  const std::int64_t piece = std::int64_t(1) << 21;
  for (std::size_t i = 0; i < n; ++i) {
    ref.length[i] = large::row_length(s, rows[i]);
    for (std::int64_t j = 0; j < ref.length[i]; j += piece)
      pieces.push_back({i, j, std::min(ref.length[i], j + piece)});
  }
  std::atomic<std::size_t> next{0};
  auto work = [&]() {
    for (std::size_t p; (p = next.fetch_add(1)) < pieces.size();) {
      auto& pc = pieces[p];
      const std::int64_t r = rows[pc.sample], len = ref.length[pc.sample];
      const std::uint64_t key = large::row_key(s, r);
      long double sum = 0, abs = 0;
      for (std::int64_t j = pc.j0; j < pc.j1; ++j) {
        const std::uint64_t h = large::entry_hash(key, j);
        const long double v = large::entry_value(h);
        const long double xv = large::x_value(s, large::entry_column(s, r, len, j, h));
        sum += v * xv;
        abs += std::fabs(v * xv);
      }
      pc.sum = sum;
      pc.abs = abs;
    }
  };
  const unsigned threads = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::vector<long double> sum(n, 0), abs(n, 0);
  for (const auto& pc : pieces) {
    sum[pc.sample] += pc.sum;
    abs[pc.sample] += pc.abs;
  }
  ref.y.resize(n);
  ref.mag.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const long double y0 = large::y0_value(s, rows[i]);
    ref.y[i] = 1.5L * sum[i] - 0.5L * y0;
    ref.mag[i] = 1.5L * abs[i] + 0.5L * std::fabs(y0);
  }
  return ref;
}

// ---------------------------------------------------------------------------

struct KernelRun {
  std::string name;
  PlanOptions options;
};

// Every registered kernel (TpR 1 and the rule's TpR where the kernel takes a
// TpR; the deterministic variant where it splits rows), and the automatic choice.
std::vector<KernelRun> all_runs() {
  std::vector<KernelRun> k;
  for (const auto kernel : all_kernels) {
    const auto traits = planner::kernel_traits(kernel);
    PlanOptions o;
    o.kernel = kernel;
    const std::string name = to_string(kernel);
    if (traits.uses_tpr && !traits.analysis) {
      PlanOptions one = o;
      one.threads_per_row = 1;
      k.push_back({name + "<1>", one});
      k.push_back({name + "<rule>", o});
    } else {
      k.push_back({name, o});
    }
    if (traits.splits_rows) {
      o.deterministic = true;
      k.push_back({name + "/deterministic", o});
    }
  }
  k.push_back({"automatic", PlanOptions{}});
  return k;
}

std::int64_t mem_available_bytes() {
  std::ifstream f("/proc/meminfo");
  std::string key;
  std::int64_t kb = 0;
  std::string unit;
  while (f >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb * 1024;
  return -1;
}

std::string csv_safe(std::string s) {
  for (auto& c : s)
    if (c == ',' || c == '\n' || c == '"') c = ';';
  return s;
}

std::string plan_groups(const PlanSummary& s) {
  std::string out = std::string(to_string(s.kernel)) + " (" + s.why + "):";
  for (const auto& g : s.groups)
    out += " [" + g.label() + " " + std::to_string(g.teams) + " teams " + std::to_string(g.rows) + " rows " +
           std::to_string(g.nnz) + " nnz" + (g.detail.empty() ? "" : "; " + g.detail) + "]";
  return out;
}

struct Result {
  std::string kernel, status = "FAIL", message;
  double plan_ms = 0, apply_first_ms = 0, apply_ms = 0;
  int reps = 0;
  double sample_rel_error = 0, sample_worst_ratio = 0;
  std::int64_t sample_bad = 0, sample_inexact = 0;
  CheckValue full;
  bool full_done = false;
};

template <class Value>
int run(const Options& opt) {
  Space exec;
  const auto props = device_properties(exec);
  const MatrixSpec s = make_spec(opt);
  const std::int64_t m = s.rows;
  const double eps = std::numeric_limits<Value>::epsilon();
  std::printf("aspmv_large_offsets on %s (%s), table %s, commit %s\n", props.name.c_str(), Space::name(),
              arch_table().arch, build_git_commit);

  // Memory: the matrix, x, y, the device reference, and the largest plan workspace (merge-path's).
  const double ipt = double(arch_table().parameters.merge_items_per_thread.template get<Value>());
  const double est = double(m + 1) * 8 + double(opt.nnz) * (4 + sizeof(Value)) * 1.01 + 2.0 * m * sizeof(Value) +
                     (opt.full_check ? 2.0 * m * 8 : 0.0) + (double(m) + opt.nnz) / ipt * (8 + sizeof(Value));
  const double have = props.is_gpu ? double(props.memory_bytes) : double(mem_available_bytes());
  std::printf("memory: about %.1f GiB needed, %.1f GiB %s\n", est / (1 << 30), have / (1 << 30),
              props.is_gpu ? "on the device" : "available on the host");
  if (have > 0 && est > 0.95 * have && !opt.force) {
    std::fprintf(stderr, "aspmv_large_offsets: not enough memory (use a smaller --nnz, or --force)\n");
    return 2;
  }

  // Generate.
  auto t0 = Clock::now();
  Kokkos::View<Offset*, Mem> off_w(Kokkos::view_alloc(Kokkos::WithoutInitializing, "large::row_offsets"), m + 1);
  std::int64_t nnz = 0;
  Kokkos::parallel_scan("large::scan_lengths", Range(exec, 0, m), ScanLengths{s, off_w}, nnz);
  exec.fence();
  Kokkos::View<const Offset*, Mem> off = off_w;
  Kokkos::View<std::int32_t*, Mem> cols(Kokkos::view_alloc(Kokkos::WithoutInitializing, "large::col_indices"), nnz);
  Kokkos::View<Value*, Mem> vals(Kokkos::view_alloc(Kokkos::WithoutInitializing, "large::values"), nnz);
  const std::int64_t chunk = 4096;
  const std::int64_t chunks = (nnz + chunk - 1) / chunk;
  Kokkos::parallel_for("large::fill_entries", Range(exec, 0, chunks),
                       FillEntries<Value>{s, off, cols, vals, nnz, chunk});
  Kokkos::View<Value*, Mem> x(Kokkos::view_alloc(Kokkos::WithoutInitializing, "large::x"), s.cols);
  Kokkos::View<Value*, Mem> y(Kokkos::view_alloc(Kokkos::WithoutInitializing, "large::y"), m);
  Kokkos::parallel_for("large::fill_x", Range(exec, 0, s.cols), FillX<Value>{s, x});
  exec.fence();
  const double gen_s = seconds_since(t0);
  const Offset last = offset_at(off, m);
  std::int64_t longest = 0;
  for (int i = 0; i < s.num_long; ++i) longest = std::max(longest, s.long_len[i]);
  std::printf("matrix: %lld x %lld, %lld nnz (%s 2^31 = 2147483648), %s values, int64 offsets, generated in %.2f s\n",
              static_cast<long long>(m), static_cast<long long>(s.cols), static_cast<long long>(nnz),
              nnz > (std::int64_t(1) << 31) ? ">" : "<=", sizeof(Value) == 8 ? "double" : "float", gen_s);
  std::printf("long rows:");
  for (int i = 0; i < s.num_long; ++i)
    std::printf(" %lld (%lld nnz)", static_cast<long long>(s.long_row[i]), static_cast<long long>(s.long_len[i]));
  std::printf("\n");
  if (last != nnz) {
    std::printf("FAIL: row_offsets[m] = %lld, scan total %lld\n", static_cast<long long>(last),
                static_cast<long long>(nnz));
    return 1;
  }
  const CsrMatrix<Value, Offset, Mem> a(static_cast<std::int32_t>(m), static_cast<std::int32_t>(s.cols), off, cols,
                                        vals);

  // Sampled rows.
  std::vector<std::int64_t> rows{0, m - 1};
  for (int i = 0; i < s.num_long; ++i) rows.push_back(s.long_row[i]);
  for (const std::int64_t p :
       {(std::int64_t(1) << 31) - 1, std::int64_t(1) << 31, (std::int64_t(1) << 32) - 1, std::int64_t(1) << 32})
    if (p < nnz) {
      const auto r = row_of_position(off, m, p);
      for (const auto q : {r - 1, r, r + 1})
        if (q >= 0 && q < m) rows.push_back(q);
    }
  for (std::int64_t r = 0, found = 0; r < m && r < (std::int64_t(1) << 24) && found < 4; ++r) {
    const auto len = large::row_length(s, r);
    if (len >= large::medium_min && len < longest && std::find(rows.begin(), rows.end(), r) == rows.end()) {
      rows.push_back(r);
      ++found;
    }
  }
  std::uint64_t rng = s.seed * 0x2545F4914F6CDD1Dull + 12345;
  for (int tries = 0; static_cast<std::int64_t>(rows.size()) < opt.samples && tries < 100000; ++tries) {
    rng = large::mix64(rng);
    rows.push_back(static_cast<std::int64_t>(rng % static_cast<std::uint64_t>(m)));
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  t0 = Clock::now();
  const HostReference ref = host_reference(s, rows);
  const double ref_s = seconds_since(t0);
  const std::size_t ns = rows.size();
  Kokkos::View<std::int64_t*, Mem> rows_d("large::sample_rows", ns);
  Kokkos::deep_copy(rows_d,
                    Kokkos::View<const std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(rows.data(), ns));
  Kokkos::View<double*, Mem> ys_d("large::sample_y", ns);
  Kokkos::View<Offset*, Mem> lens_d("large::sample_len", ns);
  auto ys_h = Kokkos::create_mirror_view(ys_d);
  auto lens_h = Kokkos::create_mirror_view(lens_d);
  std::int64_t beyond = 0, sampled_nnz = 0;
  {
    Kokkos::parallel_for("large::sample_lengths", Range(exec, 0, ns), GatherRows<Value>{rows_d, y, off, ys_d, lens_d});
    exec.fence();
    Kokkos::deep_copy(lens_h, lens_d);
    for (std::size_t i = 0; i < ns; ++i) {
      if (lens_h(i) != ref.length[i]) {
        std::printf("FAIL: row %lld has %lld nonzeros on the device, %lld by the formula\n",
                    static_cast<long long>(rows[i]), static_cast<long long>(lens_h(i)),
                    static_cast<long long>(ref.length[i]));
        return 1;
      }
      sampled_nnz += ref.length[i];
      if (offset_at(off, rows[i] + 1) > (std::int64_t(1) << 31)) ++beyond;
    }
  }
  std::printf("sampled rows: %zu (%lld nnz, %lld of them ending beyond entry 2^31), host reference in %.2f s\n", ns,
              static_cast<long long>(sampled_nnz), static_cast<long long>(beyond), ref_s);

  // Device reference of every row.
  Kokkos::View<double*, Mem> full_ref, full_mag;
  if (opt.full_check) {
    t0 = Clock::now();
    full_ref = Kokkos::View<double*, Mem>("large::full_ref", m);
    full_mag = Kokkos::View<double*, Mem>("large::full_mag", m);
    Kokkos::parallel_for("large::reference_sums", Range(exec, 0, chunks),
                         ReferenceSums<Value>{s, off, cols, vals, x, full_ref, full_mag, nnz, chunk});
    Kokkos::parallel_for("large::reference_finish", Range(exec, 0, m), ReferenceFinish{s, full_ref, full_mag});
    exec.fence();
    std::printf("device reference of every row in %.2f s\n", seconds_since(t0));
  }

  std::vector<KernelRun> runs;
  for (const auto& k : all_runs())
    if (opt.kernels.empty() || std::find(opt.kernels.begin(), opt.kernels.end(), k.name) != opt.kernels.end())
      runs.push_back(k);
  for (const auto& name : opt.kernels) {
    const auto all = all_runs();
    if (std::none_of(all.begin(), all.end(), [&](const KernelRun& k) { return k.name == name; }))
      usage_error("unknown kernel '" + name + "'");
  }

  std::printf("\n%-30s %-7s %10s %12s %10s %10s %12s  %s\n", "kernel", "status", "rel.err", "worst/bound", "plan ms",
              "apply ms", "first ms", "full check (every row)");
  std::vector<Result> results;
  int failures = 0, refused = 0;
  std::vector<std::string> details;
  for (const auto& k : runs) {
    Result res;
    res.kernel = k.name;
    std::string detail;
    Kokkos::parallel_for("large::preset_y", Range(exec, 0, m), PresetY<Value>{s, y});
    exec.fence();
    std::optional<Plan<Space, Value, Offset, Mem>> plan;
    try {
      t0 = Clock::now();
      plan.emplace(make_plan(exec, a, k.options));
      exec.fence();
      res.plan_ms = seconds_since(t0) * 1e3;
      detail = plan_groups(plan->summary());
    } catch (const aspmv::Error& e) {
      res.status = "refused";
      res.message = e.what();
    } catch (const std::exception& e) {
      res.message = std::string("plan threw: ") + e.what();
    }
    if (plan) {
      try {
        t0 = Clock::now();
        plan->apply(exec, Value(1.5), x, Value(-0.5), y);
        exec.fence();
        res.apply_first_ms = seconds_since(t0) * 1e3;
        if (opt.perturb) Kokkos::parallel_for("large::perturb", Range(exec, 0, 1), PerturbRow<Value>{y});
        // Sampled rows against the host reference.
        Kokkos::parallel_for("large::gather", Range(exec, 0, ns), GatherRows<Value>{rows_d, y, off, ys_d, lens_d});
        exec.fence();
        Kokkos::deep_copy(ys_h, ys_d);
        long double err2 = 0, ref2 = 0;
        for (std::size_t i = 0; i < ns; ++i) {
          const long double yi = ys_h(i);
          const long double d = std::fabs(yi - ref.y[i]);
          const long double bound = 2.0L * eps * (ref.length[i] + 2) * ref.mag[i];
          const bool ok = std::isfinite(yi) && d <= bound;
          if (!ok) {
            ++res.sample_bad;
            if (res.sample_bad <= 3)
              std::printf("  %s: row %lld (%lld nnz): y %.17Lg, reference %.17Lg, |diff| %.3Lg > bound %.3Lg\n",
                          k.name.c_str(), static_cast<long long>(rows[i]), static_cast<long long>(ref.length[i]), yi,
                          ref.y[i], d, bound);
          }
          if (d != 0) ++res.sample_inexact;
          const double ratio = !std::isfinite(yi) ? 1e300 : (bound > 0 ? double(d / bound) : (d > 0 ? 1e300 : 0.0));
          res.sample_worst_ratio = std::max(res.sample_worst_ratio, ratio);
          if (std::isfinite(yi)) err2 += d * d;
          ref2 += ref.y[i] * ref.y[i];
        }
        res.sample_rel_error = double(ref2 > 0 ? std::sqrt(err2 / ref2) : std::sqrt(err2));
        // Every row against the device reference.
        if (opt.full_check) {
          Kokkos::parallel_reduce("large::full_check", Range(exec, 0, m),
                                  FullCheck<Value>{y, full_ref, full_mag, off, eps}, res.full);
          exec.fence();
          res.full_done = true;
        }
        // Timed applies (y keeps changing; only the time matters now).
        const int reps = res.apply_first_ms > 0 ? std::min(opt.reps, int(500.0 / res.apply_first_ms)) : opt.reps;
        std::vector<double> times;
        for (int i = 0; i < reps; ++i) {
          t0 = Clock::now();
          plan->apply(exec, Value(1.5), x, Value(-0.5), y);
          exec.fence();
          times.push_back(seconds_since(t0) * 1e3);
        }
        std::sort(times.begin(), times.end());
        res.reps = reps;
        res.apply_ms = times.empty() ? res.apply_first_ms : times[times.size() / 2];
        const bool ok = res.sample_bad == 0 && (!res.full_done || res.full.bad == 0);
        res.status = ok ? "ok" : "FAIL";
      } catch (const std::exception& e) {
        res.message = std::string("apply threw: ") + e.what();
      }
    }
    if (res.status == "refused")
      ++refused;
    else if (res.status != "ok")
      ++failures;
    char full[160] = "-";
    if (res.full_done)
      std::snprintf(full, sizeof full, "%lld bad rows, worst %.2g x bound (row %lld), %lld inexact",
                    static_cast<long long>(res.full.bad), res.full.worst_ratio,
                    static_cast<long long>(res.full.worst_row), static_cast<long long>(res.full.inexact));
    if (res.status == "refused")
      std::printf("%-30s refused: %s\n", k.name.c_str(), res.message.c_str());
    else if (!res.message.empty())
      std::printf("%-30s FAIL: %s\n", k.name.c_str(), res.message.c_str());
    else
      std::printf("%-30s %-7s %10.2e %12.3g %10.1f %10.2f %12.2f  %s\n", k.name.c_str(), res.status.c_str(),
                  res.sample_rel_error, res.sample_worst_ratio, res.plan_ms, res.apply_ms, res.apply_first_ms, full);
    std::fflush(stdout);
    details.push_back(res.message.empty() ? detail : res.message);
    results.push_back(res);
  }
  std::printf("\nplans:\n");
  for (std::size_t i = 0; i < results.size(); ++i)
    std::printf("  %s: %s\n", results[i].kernel.c_str(), details[i].c_str());
  std::printf(
      "\n%zu kernels: %zu ok, %d refused, %d failed (%s; %lld nnz, int64 offsets, rel.err and worst/bound over "
      "%zu sampled rows vs a host long-double reference; bound 2 eps (len + 2) magnitude)\n",
      results.size(), results.size() - refused - failures, refused, failures, sizeof(Value) == 8 ? "double" : "float",
      static_cast<long long>(nnz), ns);

  if (!opt.csv.empty()) {
    const bool fresh = !std::ifstream(opt.csv).good();
    std::ofstream out(opt.csv, std::ios::app);
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", opt.csv.c_str());
      return 2;
    }
    if (fresh)
      out << "kernel,status,value,offset,rows,cols,nnz,long_rows,longest_row,samples,plan_ms,apply_first_ms,apply_ms,"
             "reps,sample_rel_error,sample_worst_ratio,sample_bad,sample_inexact,full_bad,full_worst_ratio,full_"
             "inexact,"
             "device,arch,commit,detail\n";
    for (std::size_t i = 0; i < results.size(); ++i) {
      const auto& r = results[i];
      char line[1024];
      std::snprintf(line, sizeof line,
                    "%s,%s,%s,int64,%lld,%lld,%lld,%d,%lld,%zu,%.3f,%.3f,%.3f,%d,%.3e,%.3e,%lld,%lld,%s,%s,%s,",
                    r.kernel.c_str(), r.status.c_str(), sizeof(Value) == 8 ? "double" : "float",
                    static_cast<long long>(m), static_cast<long long>(s.cols), static_cast<long long>(nnz), s.num_long,
                    static_cast<long long>(longest), ns, r.plan_ms, r.apply_first_ms, r.apply_ms, r.reps,
                    r.sample_rel_error, r.sample_worst_ratio, static_cast<long long>(r.sample_bad),
                    static_cast<long long>(r.sample_inexact), r.full_done ? std::to_string(r.full.bad).c_str() : "",
                    r.full_done ? std::to_string(r.full.worst_ratio).c_str() : "",
                    r.full_done ? std::to_string(r.full.inexact).c_str() : "");
      out << line << csv_safe(props.name) << "," << arch_table().arch << "," << build_git_commit << ","
          << csv_safe(details[i]) << "\n";
    }
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char* argv[]) {
  const Options opt = parse(argc, argv);  // before Kokkos: usage errors exit at once (--kokkos-* are skipped)
  Kokkos::initialize(argc, argv);
  int rc = 0;
  {
    try {
      rc = opt.single ? run<float>(opt) : run<double>(opt);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aspmv_large_offsets: %s\n", e.what());
      rc = 1;
    }
  }
  Kokkos::finalize();
  return rc;
}
