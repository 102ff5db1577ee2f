// The host cost of choosing with a model: model_inputs() from MatrixFeatures
// plus predict(), per call, for each model of a model table (the compiled-in
// one, or ASPMV_MODEL_FILE's, or --model-file's), in µs per plan:
//  - warm: the median over --runs runs of --calls calls each; the inputs cycle
//    through 4096 synthetic matrices, too many for the branch predictor to
//    learn their paths;
//  - cold: the median over --runs single calls, each after the caches were
//    flushed by writing 64 MiB (a plan's prediction finds the model in memory,
//    not in cache).
//
//   aspmv_model_bench [--model-file TABLE.json] [--calls N] [--runs R]

#include <predictors/active_model_table.hpp>
#include <predictors/model_eval.hpp>
#include <predictors/model_json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::predictors;

namespace {

std::vector<MatrixFeatures> synthetic_matrices(std::size_t count) {
  std::mt19937_64 rng(42);
  const auto log_uniform = [&](double lo, double hi) {
    return std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng));
  };
  std::vector<MatrixFeatures> out(count);
  for (auto& f : out) {
    auto& s = f.stats;
    s.rows = static_cast<std::int64_t>(log_uniform(1e2, 1e8));
    s.cols = static_cast<std::int64_t>(log_uniform(1e2, 1e8));
    s.mean = log_uniform(1, 1e3);
    s.nnz = static_cast<std::int64_t>(s.mean * double(s.rows));
    s.min = static_cast<std::int64_t>(s.mean * log_uniform(1e-3, 1));
    s.max = static_cast<std::int64_t>(s.mean * log_uniform(1, 1e3));
    s.var = s.mean * s.mean * log_uniform(1e-3, 1e2);
    f.shape.mode = static_cast<std::int64_t>(s.mean);
    f.shape.median = static_cast<std::int64_t>(s.mean);
    f.columns.min_dist = 1;
    f.columns.max_dist = static_cast<std::int64_t>(log_uniform(1, double(s.cols)));
    f.columns.bandwidth = static_cast<std::int64_t>(log_uniform(1, double(s.cols)));
  }
  return out;
}

std::size_t count_nodes(const Model& m) {
  std::size_t n = 0;
  for (const auto& t : m.trees) n += t.num_nodes();
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file;
  long calls = 2000, runs = 101;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--model-file" && i + 1 < argc) {
      file = argv[++i];
    } else if (a == "--calls" && i + 1 < argc) {
      calls = std::max(1L, std::atol(argv[++i]));
    } else if (a == "--runs" && i + 1 < argc) {
      runs = std::max(1L, std::atol(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: aspmv_model_bench [--model-file TABLE.json] [--calls N] [--runs R]\n");
      return 2;
    }
  }
  try {
    std::unique_ptr<LoadedModelTable> loaded;
    if (!file.empty()) loaded = load_model_table(file);
    const ModelTable& table = loaded ? loaded->table() : active_model_table();
    std::printf("aspmv_model_bench: model table %s (%s, %s), %ld runs of %ld calls, median per call\n",
                table.source_file, table.arch, to_string(table.status), runs, calls);
    const auto inputs = synthetic_matrices(4096);
    std::vector<double> flush(std::size_t(64) << 17);  // 64 MiB
    int models = 0;
    for (const auto name : all_model_names) {
      const Model* m = table.find(name);
      if (m == nullptr) continue;
      ++models;
      std::vector<double> warm, cold;
      long sink = 0;
      std::size_t next = 0;
      for (long r = 0; r < runs; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (long c = 0; c < calls; ++c) {
          const auto& f = inputs[next++ % inputs.size()];
          sink += predict(*m, f, double(c)).class_index;
        }
        const auto t1 = std::chrono::steady_clock::now();
        warm.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / double(calls));
      }
      for (long r = 0; r < runs; ++r) {
        for (std::size_t i = 0; i < flush.size(); i += 8) flush[i] += 1.0;
        const auto& f = inputs[next++ % inputs.size()];
        const auto t0 = std::chrono::steady_clock::now();
        sink += predict(*m, f, 1.0).class_index;
        const auto t1 = std::chrono::steady_clock::now();
        cold.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
      std::sort(warm.begin(), warm.end());
      std::sort(cold.begin(), cold.end());
      std::printf(
          "  %-16s %4zu trees %7zu nodes %3zu classes %-4s %-2s: warm %7.3f us per plan (min %.3f), cold %7.3f "
          "us (min %.3f)%s\n",
          to_string(name), m->trees.size(), count_nodes(*m), m->classes.size(), to_string(m->aggregate),
          to_string(m->decision), warm[warm.size() / 2], warm.front(), cold[cold.size() / 2], cold.front(),
          sink == -1 ? " " : "");
    }
    if (models == 0) std::printf("  no models in this table (the rules decide)\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aspmv_model_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
