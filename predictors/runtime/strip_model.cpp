// The strip models' fits and predictions (strip_model.hpp says what they are).

#include <predictors/runtime/strip_model.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace aspmv::predictors::runtime {

const char* to_string(StripMapping m) { return m == StripMapping::vector ? "vector" : "scalar"; }

StripMapping parse_strip_mapping(const std::string& name) {
  if (name == "vector") return StripMapping::vector;
  if (name == "scalar") return StripMapping::scalar;
  throw Error("strip model: unknown mapping '" + name + "' (vector, scalar)");
}

std::int64_t strip_rows(StripMapping m, int compute_units, int threads_per_unit) {
  if (compute_units < 1 || threads_per_unit < 1) throw Error("strip model: compute units and threads must be >= 1");
  const std::int64_t per_unit = m == StripMapping::vector ? std::max(1, threads_per_unit / 16) : threads_per_unit;
  return std::int64_t(compute_units) * per_unit;
}

LinearFit least_squares(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) throw Error("least squares: x and y differ in length");
  if (std::set<double>(x.begin(), x.end()).size() < 2) throw Error("least squares: fewer than two distinct x");
  const double n = double(x.size());
  double sx = 0, sy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
  }
  const double mx = sx / n, my = sy / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  LinearFit f;
  f.slope = sxy / sxx;
  f.intercept = my - f.slope * mx;
  return f;
}

std::int64_t StripModel::strips(std::int64_t rows) const {
  return std::max<std::int64_t>(1, (rows + strip_rows - 1) / strip_rows);
}

double StripModel::predict(std::int64_t rows, double pnz) const {
  const double i = double(strips(rows));
  double t = 0;
  if (mapping == StripMapping::scalar) {
    const double fi = f.at(i);
    t = fi * pnz + (e.at(i) - fi * p1);
  } else {
    const double tp = (pnz <= split ? t_low : t_high).at(pnz);
    t = t0 > 0 ? tp / t0 * e.at(i) : 0;
  }
  return std::max(0.0, t);
}

double StripModel::predict_setup(std::int64_t nnz) const { return std::max(0.0, setup.at(double(nnz))); }

double pnz_statistic(StripMapping m, const std::vector<std::int64_t>& row_lengths) {
  if (row_lengths.empty()) return 0;
  if (m == StripMapping::scalar) return double(*std::max_element(row_lengths.begin(), row_lengths.end()));
  std::map<std::int64_t, std::int64_t> count;
  for (const auto n : row_lengths) ++count[n];
  std::int64_t best = 0, best_count = -1;
  for (const auto& [n, c] : count)
    if (c > best_count) {  // ascending lengths: ties keep the smallest
      best = n;
      best_count = c;
    }
  return double(best);
}

namespace {

// The value of `key` measured at the most distinct values of the other
// coordinate (ties: the median such value), so that one fit along the other
// coordinate has the most points.
template <class Key, class Other>
Key best_covered(const std::vector<StripSample>& s, Key StripSample::*key, Other StripSample::*other) {
  std::map<Key, std::set<Other>> cover;
  for (const auto& x : s) cover[x.*key].insert(x.*other);
  std::size_t most = 0;
  for (const auto& [k, o] : cover) most = std::max(most, o.size());
  std::vector<Key> best;
  for (const auto& [k, o] : cover)
    if (o.size() == most) best.push_back(k);
  return best[best.size() / 2];
}

}  // namespace

StripModel fit_strip_model(const std::string& label, StripMapping mapping, const std::string& distribution,
                           std::int64_t strip_rows, const std::vector<StripSample>& samples, double split) {
  StripModel m;
  m.label = label;
  m.mapping = mapping;
  m.distribution = distribution;
  m.strip_rows = std::max<std::int64_t>(1, strip_rows);
  m.split = split;
  m.samples = samples;
  const std::string what = "strip model " + label + " (" + distribution + "): ";
  if (samples.empty()) throw Error(what + "no samples");
  try {
    // E(I) at the P_NZ measured at the most strip counts.
    m.p1 = best_covered(samples, &StripSample::pnz, &StripSample::strips);
    std::vector<double> xi, yi;
    for (const auto& s : samples)
      if (s.pnz == m.p1) {
        xi.push_back(double(s.strips));
        yi.push_back(s.seconds);
      }
    m.e = least_squares(xi, yi);
    if (mapping == StripMapping::scalar) {
      // f_I: the slope of T_B over P_NZ at each I with two P_NZ or more; f(I) linear in I.
      std::map<std::int64_t, std::pair<std::vector<double>, std::vector<double>>> by_strips;
      for (const auto& s : samples) {
        by_strips[s.strips].first.push_back(s.pnz);
        by_strips[s.strips].second.push_back(s.seconds);
      }
      std::vector<double> is, slopes;
      for (const auto& [i, xy] : by_strips)
        if (std::set<double>(xy.first.begin(), xy.first.end()).size() >= 2) {
          is.push_back(double(i));
          slopes.push_back(least_squares(xy.first, xy.second).slope);
        }
      if (is.size() == 1) {  // one I with a slope: f constant
        m.f = LinearFit{0, slopes[0]};
      } else {
        m.f = least_squares(is, slopes);
      }
    } else {
      // T(P) at the strip count measured at the most P_NZ, split in two.
      m.i1 = best_covered(samples, &StripSample::strips, &StripSample::pnz);
      std::vector<double> pl, tl, ph, th;
      for (const auto& s : samples)
        if (s.strips == m.i1) {
          (s.pnz <= split ? pl : ph).push_back(s.pnz);
          (s.pnz <= split ? tl : th).push_back(s.seconds);
          if (s.pnz == m.p1) m.t0 = s.seconds;
        }
      // A side with fewer than two P_NZ takes the other side's line.
      const bool low = std::set<double>(pl.begin(), pl.end()).size() >= 2;
      const bool high = std::set<double>(ph.begin(), ph.end()).size() >= 2;
      if (!low && !high) throw Error("fewer than two P_NZ on either side of the split at I = " + std::to_string(m.i1));
      m.t_low = low ? least_squares(pl, tl) : least_squares(ph, th);
      m.t_high = high ? least_squares(ph, th) : m.t_low;
      if (m.t0 <= 0) m.t0 = (m.p1 <= split ? m.t_low : m.t_high).at(m.p1);
    }
    std::vector<double> nz, setup;
    for (const auto& s : samples) {
      nz.push_back(double(s.nnz));
      setup.push_back(s.setup_seconds);
    }
    m.setup = std::set<double>(nz.begin(), nz.end()).size() >= 2 ? least_squares(nz, setup) : LinearFit{0, setup[0]};
  } catch (const Error& e) {
    throw Error(what + e.what());
  }
  return m;
}

}  // namespace aspmv::predictors::runtime
