// Drawing corpus names (see spec_builder.hpp). Each family turns a target
// nonzero count into its parameters; the drawn values are rounded for short
// names, and the name alone decides the matrix.

#include "spec_builder.hpp"

#include "generated.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace aspmv::corpus {

namespace {

double log_uniform(double lo, double hi, Rng& rng) {
  return std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * rng.uniform01());
}

double uniform(double lo, double hi, Rng& rng) { return lo + (hi - lo) * rng.uniform01(); }

// A count, rounded and clamped to [lo, hi].
std::int64_t count_in(double x, std::int64_t lo, std::int64_t hi) {
  return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::llround(x)), lo, std::max(lo, hi));
}

// 3 significant digits, no exponent, no trailing zeros: 0.57, 12.5, 2.35.
std::string real(double x) {
  char buf[64];
  const int decimals = std::max(0, 2 - static_cast<int>(std::floor(std::log10(std::max(std::abs(x), 1e-3)))));
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  std::string s(buf);
  if (s.find('.') != std::string::npos) {
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string num(std::int64_t x) { return std::to_string(x); }

std::string seed_field(std::uint64_t seed) { return "-seed" + std::to_string(seed); }

std::string maybe_perm(double share, std::uint64_t seed, Rng& rng) {
  return rng.uniform01() < share ? "-perm" + std::to_string(seed) : "";
}

const std::int64_t kMaxDim = INT32_MAX;

std::string stencil2d_name(double t, std::uint64_t seed, Rng& rng) {
  const int points = rng.uniform01() < 0.5 ? 5 : 9;
  const double n = t / points, aspect = log_uniform(0.25, 4, rng);
  const auto nx = count_in(std::sqrt(n * aspect), 2, kMaxDim / 2);
  const auto ny = count_in(n / double(nx), 2, kMaxDim / nx);
  return "stencil2d-" + num(points) + "pt-" + num(nx) + "x" + num(ny) + maybe_perm(0.3, seed, rng);
}

std::string stencil3d_name(double t, std::uint64_t seed, Rng& rng) {
  const int points = rng.uniform01() < 0.5 ? 7 : 27;
  const double n = t / points, side = std::cbrt(n);
  const auto nx = count_in(side * log_uniform(0.5, 2, rng), 2, 1 << 20);
  const auto ny = count_in(side * log_uniform(0.5, 2, rng), 2, 1 << 20);
  const auto nz = count_in(n / double(nx * ny), 2, kMaxDim / (nx * ny));
  return "stencil3d-" + num(points) + "pt-" + num(nx) + "x" + num(ny) + "x" + num(nz) + maybe_perm(0.3, seed, rng);
}

std::string band_name(double t, std::uint64_t seed, Rng& rng) {
  const auto m = count_in(log_uniform(4, 60, rng), 2, 200);
  const auto r = count_in(t / double(m), 4, kMaxDim);
  const auto w = count_in(double(m) * log_uniform(0.6, 30, rng), m, r - 1);
  return "band-r" + num(r) + "-w" + num(w) + "-m" + num(m) + (rng.uniform01() < 0.5 ? "-sym" : "") + seed_field(seed) +
         maybe_perm(0.3, seed, rng);
}

std::string rmat_name(double t, std::uint64_t seed, Rng& rng) {
  // Few edges per row on small graphs: at most about n^2 / 8 edges, so that
  // merging repeated edges does not eat the target.
  const double e_hi = std::clamp(std::sqrt(t / 8), 2.0, 48.0);
  const auto scale = count_in(std::log2(t / log_uniform(std::min(4.0, e_hi), e_hi, rng)), 2, 30);
  const double e = std::max(1.0, t / std::ldexp(1.0, static_cast<int>(scale)));
  const double a = uniform(0.45, 0.7, rng), b = (1 - a) * uniform(0.2, 0.45, rng),
               c = (1 - a) * uniform(0.2, 0.45, rng);
  return "rmat-s" + num(scale) + "-e" + real(e) + "-a" + real(a) + "-b" + real(b) + "-c" + real(c) + seed_field(seed);
}

std::string chunglu_name(double t, std::uint64_t seed, Rng& rng) {
  const double m_hi = std::clamp(std::sqrt(t / 8), 3.0, 40.0);
  const double m = log_uniform(std::min(3.0, m_hi), m_hi, rng);
  return "chunglu-r" + num(count_in(t / m, 16, kMaxDim)) + "-m" + real(m) + "-g" + real(uniform(2, 3.2, rng)) +
         seed_field(seed);
}

std::string circuit_name(double t, std::uint64_t seed, Rng& rng) {
  const double m = uniform(2.5, 6, rng), f = log_uniform(0.02, 0.7, rng);
  auto d = rng.uniform_int(0, 6), c = rng.uniform_int(0, 6);
  if (d + c == 0) d = 1;
  const auto r = count_in(t / (m + double(d + c) * f), std::max<std::int64_t>(16, d + c), kMaxDim);
  return "circuit-r" + num(r) + "-m" + real(m) + "-d" + num(d) + "-c" + num(c) + "-f" + real(f) + seed_field(seed);
}

std::string lp_name(double t, std::uint64_t seed, Rng& rng) {
  const double m = log_uniform(3, 15, rng), share = uniform(0.02, 0.4, rng);
  const auto r = count_in((1 - share) * t / m, 8, kMaxDim);
  const auto c = count_in(double(r) * log_uniform(1.2, 6, rng), r, kMaxDim);
  const auto l = count_in(double(rng.uniform_int(1, 20)), 1, r);
  const auto n = count_in(share * t / double(l), 1, c);
  return "lp-r" + num(r) + "-c" + num(c) + "-m" + real(m) + "-l" + num(l) + "-n" + num(n) + seed_field(seed);
}

std::string blockdiag_name(double t, std::uint64_t seed, Rng& rng) {
  const auto b = count_in(log_uniform(4, std::max(4.0, std::min(512.0, std::sqrt(t))), rng), 1, 46340);
  const auto k = count_in(t / double(b * b), 1, kMaxDim / (2 * b));
  return "blockdiag-b" + num(b) + "-k" + num(k) + (rng.uniform01() < 0.5 ? "-j" : "") + seed_field(seed);
}

std::string arrow_name(double t, std::uint64_t seed, Rng& rng) {
  const auto w = rng.uniform_int(1, 16);
  return "arrow-r" + num(count_in(t / double(2 * w + 1), w + 1, kMaxDim)) + "-w" + num(w) + seed_field(seed);
}

std::string longrows_name(double t, std::uint64_t seed, Rng& rng) {
  const double m = log_uniform(3, 16, rng), share = uniform(0.05, 0.5, rng);
  const auto r = count_in((1 - share) * t / m, 16, kMaxDim);
  const auto l = count_in(log_uniform(1, 200, rng), 1, r);
  const auto n = count_in(share * t / double(l), 1, r);
  return "longrows-r" + num(r) + "-m" + real(m) + "-l" + num(l) + "-n" + num(n) +
         (rng.uniform01() < 0.5 ? "-clustered" : "-scattered") + seed_field(seed);
}

std::string rand_name(double t, std::uint64_t seed, Rng& rng) {
  static const char* const kDists[] = {"constant", "uniform", "normal", "geometric", "bimodal", "zipf"};
  const std::string dist = kDists[rng.below(6)];
  const double m = log_uniform(3, 40, rng);
  const double aspect = rng.uniform01() < 0.5 ? 1.0 : log_uniform(0.25, 4, rng);
  std::string extra;
  double spread = 0, per_row = m;
  if (dist == "uniform") spread = m * uniform(0.2, 1, rng);
  if (dist == "normal") spread = m * uniform(0.1, 0.5, rng);
  if (dist == "bimodal") {
    const double f = log_uniform(0.001, 0.05, rng);
    spread = std::round(m * log_uniform(10, 100, rng));
    extra = "-f" + real(f);
    per_row = (1 - f) * m + f * spread;
  }
  if (dist == "zipf") {
    spread = uniform(2.2, 3.2, rng);  // Pareto tail alpha = spread - 1 in [1.2, 2.2]
    const double alpha = spread - 1;
    per_row = std::max(1.0, m / 2) * alpha / (alpha - 1);
  }
  const auto r = count_in(t / per_row, 8, kMaxDim);
  const auto c = count_in(double(r) * aspect, std::max<std::int64_t>(8, static_cast<std::int64_t>(2 * m)), kMaxDim);
  return "rand-" + dist + "-r" + num(r) + "-c" + num(c) + "-m" + real(m) + "-s" + real(spread) + extra +
         seed_field(seed);
}

struct Drawer {
  const char* family;
  std::string (*draw)(double, std::uint64_t, Rng&);
};

const Drawer kDrawers[] = {
    {"stencil2d", stencil2d_name}, {"stencil3d", stencil3d_name}, {"band", band_name}, {"rmat", rmat_name},
    {"chunglu", chunglu_name},     {"circuit", circuit_name},     {"lp", lp_name},     {"blockdiag", blockdiag_name},
    {"arrow", arrow_name},         {"longrows", longrows_name},   {"rand", rand_name},
};

}  // namespace

const std::vector<std::string>& builder_families() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& d : kDrawers) v.emplace_back(d.family);
    return v;
  }();
  return names;
}

const std::vector<std::string>& asymmetric_families() {
  static const std::vector<std::string> names{"lp", "rmat", "chunglu", "circuit", "longrows", "rand"};
  return names;
}

std::string draw_name(const std::string& family, double target_nnz, std::uint64_t seed, Rng& rng) {
  for (const auto& d : kDrawers)
    if (family == d.family) return d.draw(target_nnz, seed, rng);
  throw Error("aspmv-corpus: unknown family '" + family + "'");
}

std::vector<std::string> build_spec(const SpecBuilderOptions& o) {
  if (o.count < 0) throw Error("aspmv-corpus: --count must be >= 0");
  if (!(o.min_nnz >= 1 && o.max_nnz >= o.min_nnz && o.max_nnz <= 1e10))
    throw Error("aspmv-corpus: need 1 <= --min-nnz <= --max-nnz <= 1e10");
  if (!(o.transpose_share >= 0 && o.transpose_share <= 1))
    throw Error("aspmv-corpus: --transpose-share must lie in [0, 1]");
  const auto& families = o.families.empty() ? builder_families() : o.families;
  for (const auto& f : families)
    if (std::find(builder_families().begin(), builder_families().end(), f) == builder_families().end())
      throw Error("aspmv-corpus: unknown family '" + f + "'");
  Rng rng(o.seed);
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (int i = 0; i < o.count; ++i) {
    const std::string& family = families[static_cast<std::size_t>(i) % families.size()];
    std::string name;
    for (int attempt = 0;; ++attempt) {
      if (attempt == 100)
        throw Error("aspmv-corpus: cannot draw " + std::to_string(o.count) + " distinct names of these families in [" +
                    real(o.min_nnz) + ", " + real(o.max_nnz) + "] nonzeros");
      const double target =
          std::exp(std::log(o.min_nnz) + (std::log(o.max_nnz) - std::log(o.min_nnz)) * rng.uniform01());
      name = draw_name(family, target, static_cast<std::uint64_t>(i) + 1, rng);
      if (seen.insert(name).second) break;
    }
    check_generated_name(name);  // a drawing bug shows here, not in a study
    names.push_back(name);
    const auto& asym = asymmetric_families();
    if (rng.uniform01() < o.transpose_share && std::find(asym.begin(), asym.end(), family) != asym.end())
      names.push_back(name + "-T");
  }
  return names;
}

std::string builder_command(const SpecBuilderOptions& o) {
  std::ostringstream s;
  s.precision(15);
  s << "aspmv-corpus --count " << o.count << " --min-nnz " << o.min_nnz << " --max-nnz " << o.max_nnz << " --seed "
    << o.seed;
  if (!o.families.empty()) {
    s << " --families ";
    for (std::size_t i = 0; i < o.families.size(); ++i) s << (i ? "," : "") << o.families[i];
  }
  if (o.transpose_share != 0.15) s << " --transpose-share " << o.transpose_share;
  return s.str();
}

}  // namespace aspmv::corpus
