#pragma once
// aspmv::corpus::Rng: a small, fast, seeded generator (xoshiro256**, seeded
// through splitmix64) with its own distributions, so a seed gives the same
// matrix with every compiler and standard library (std:: distributions are
// implementation-defined).

#include <cmath>
#include <cstdint>

namespace aspmv::corpus {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& s : state_) s = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, 1), 53 random bits.
  double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method).
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t x = next();
    __uint128_t m = static_cast<__uint128_t>(x) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        x = next();
        m = static_cast<__uint128_t>(x) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Uniform integer in [lo, hi].
  std::int64_t uniform_int(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  // Standard normal (Box-Muller; the second value is dropped for simplicity).
  double normal() {
    double u1 = uniform01();
    while (u1 <= 0) u1 = uniform01();
    const double u2 = uniform01();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

  // Number of failures before the first success, success probability p in (0, 1].
  std::int64_t geometric(double p) {
    if (p >= 1) return 0;
    double u = uniform01();
    while (u <= 0) u = uniform01();
    return static_cast<std::int64_t>(std::floor(std::log(u) / std::log1p(-p)));
  }

  // A value in (-1, 1], never 0: matrix and vector entries (zeros would hide
  // unwritten outputs and wrong indexing).
  double signed_value() {
    const double v = 1.0 - 2.0 * uniform01();  // (-1, 1]
    return v == 0 ? 1.0 : v;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_[4];
};

}  // namespace aspmv::corpus
