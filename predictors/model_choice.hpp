#pragma once
// What the planner asks the trained models (docs/MODEL_TABLES.md): whether
// gathering features pays, which kernel (and TpR) to run, and the TpR of the
// whole matrix or of one block of rows. Each answer comes with a verdict for
// Plan::describe(): the model, its label, its confidence and how it ranked
// the alternatives.
//
// A model answers only where it applies: the table is trained, it was
// trained for this kind of device (a GPU table does not choose for a host
// space of a GPU build), and its label names a kernel of this build. Where it
// does not, the caller falls back to the rules (predictors/kernel_rules.hpp,
// predictors/tpr_rules.hpp) and says so.

#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/model_eval.hpp>
#include <predictors/model_table.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace aspmv::predictors {

// A kernel class label: "csr_adaptive", "csr_vector/tpr=8".
struct KernelLabel {
  Kernel kernel = Kernel::automatic;
  int tpr = 0;  // 0: the label does not fix it
};

// Parses a kernel label; throws aspmv::Error for anything else.
inline KernelLabel parse_kernel_label(const std::string& label) {
  KernelLabel out;
  const auto slash = label.find('/');
  out.kernel = parse_kernel(label.substr(0, slash));
  if (slash != std::string::npos) {
    const std::string rest = label.substr(slash + 1);
    constexpr const char* prefix = "tpr=";
    const std::size_t n = std::strlen(prefix);
    char* end = nullptr;
    const long tpr = rest.compare(0, n, prefix) == 0 ? std::strtol(rest.c_str() + n, &end, 10) : 0;
    if (end == nullptr || *end != '\0' || tpr < 1 || tpr > 1024 || (tpr & (tpr - 1)) != 0)
      throw Error("aspmv::predictors::parse_kernel_label: '" + label +
                  "' is not <kernel> or <kernel>/tpr=<power of two>");
    out.tpr = static_cast<int>(tpr);
  }
  if (out.kernel == Kernel::automatic)
    throw Error("aspmv::predictors::parse_kernel_label: '" + label + "' names no kernel");
  return out;
}

// Regret models (algorithm "*-regret") score a class by minus the predicted
// log(time of the class / time of the best class).
inline bool is_regret_model(const Model& m) {
  const std::size_t n = std::strlen(m.algorithm);
  return n >= 7 && std::strcmp(m.algorithm + n - 7, "-regret") == 0;
}

// Runtime models (algorithm "*-runtime") score a configuration by minus its
// predicted ln(seconds per call).
inline bool is_runtime_model(const Model& m) {
  const std::size_t n = std::strlen(m.algorithm);
  return n >= 8 && std::strcmp(m.algorithm + n - 8, "-runtime") == 0;
}

// Whether a table was trained for the kind of device `is_gpu` says.
inline bool table_applies(const ModelTable& t, bool is_gpu, const char* table_backend) {
  if (t.status != TableStatus::trained) return false;
  const bool table_gpu = std::strcmp(table_backend, "openmp") != 0 && std::strcmp(table_backend, "serial") != 0;
  return table_gpu == is_gpu;
}

// The device facts of the architecture table's hardware for values of
// `value_bytes` bytes (sizeof(Value)).
inline DeviceFacts device_facts(const ArchHardware& hw, std::int64_t value_bytes) {
  DeviceFacts d;
  d.compute_units = hw.compute_units;
  d.simd_width = hw.simd_width;
  d.l2_cache_bytes = hw.l2_cache_bytes;
  d.value_bytes = value_bytes;
  return d;
}

// The inputs of a model from the matrix's row statistics and the device's
// facts (the models read the known features, the row-statistics pass and the
// device features only; model_reads() tells).
inline MatrixFeatures features_of(const RowStats& s, const DeviceFacts& d) {
  MatrixFeatures f;
  f.stats = s;
  f.device = d;
  return f;
}

// Without device facts: the device features read 0 (a table whose models
// read none of them answers as before).
inline MatrixFeatures features_of(const RowStats& s) { return features_of(s, DeviceFacts{}); }

// Evaluates `m` and records its verdict: the chosen label, the confidence and
// the best-ranked alternatives (for regret models: expected time relative to
// the best, exp(-score)).
inline ModelVerdict evaluate_model(ModelName name, const Model& m, const MatrixFeatures& f, double calls,
                                   std::size_t max_ranked = 4) {
  double scores[max_model_classes];
  const std::size_t nc = m.classes.size() < max_model_classes ? m.classes.size() : max_model_classes;
  const Prediction p = predict(m, f, calls, scores);
  ModelVerdict v;
  v.model = to_string(name);
  v.algorithm = m.algorithm;
  v.label = class_label(m, p);
  v.regret = is_regret_model(m);
  v.confidence = p.confidence;
  std::size_t order[max_model_classes];
  for (std::size_t c = 0; c < nc; ++c) order[c] = c;
  std::stable_sort(order, order + nc, [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  double z = 0;  // softmax normaliser for summed scores
  for (std::size_t c = 0; c < nc; ++c) z += std::exp(scores[c] - scores[order[0]]);
  for (std::size_t i = 0; i < nc && i < max_ranked; ++i) {
    const std::size_t c = order[i];
    double value = scores[c];
    if (v.regret)
      value = std::exp(-scores[c]);  // expected time / best time
    else if (m.aggregate == Aggregate::sum)
      value = std::exp(scores[c] - scores[order[0]]) / z;  // probability
    v.ranked.push_back({m.classes[c], value});
  }
  return v;
}

// The runtime model's predicted time per call of configuration `pick` (a
// class label such as "csr_vector/tpr=8") and of the best-predicted other
// class. `pick` stays empty in the answer when it is not one of the classes.
inline RuntimeForecast forecast_runtime(const Model& m, const MatrixFeatures& f, const std::string& pick) {
  double scores[max_model_classes];
  predict(m, f, 0.0, scores);
  RuntimeForecast r;
  std::size_t runner = max_model_classes;
  for (std::size_t c = 0; c < m.classes.size() && c < max_model_classes; ++c) {
    if (pick == m.classes[c]) {
      r.pick = pick;
      r.pick_seconds = std::exp(-scores[c]);
    } else if (runner == max_model_classes || scores[c] > scores[runner]) {
      runner = c;
    }
  }
  if (runner != max_model_classes) {
    r.runner_up = m.classes[runner];
    r.runner_up_seconds = std::exp(-scores[runner]);
  }
  return r;
}

// The format models' class for the best CSR kernel (its time: the least per
// call over the CSR configurations; format_table.py BEST_CSR).
inline constexpr const char* best_csr_class = "best_csr";

// One alternative of the format models (format_time, format_conversion):
// its predicted time per call and preprocessing, and their cost over the
// plan's expected calls.
struct PricedAlternative {
  std::string label;
  double seconds_per_call = 0;
  double preprocessing_seconds = 0;
  double cost = 0;  // preprocessing_seconds + calls * seconds_per_call
};

// Every class of `time` that `conversion` prices too, least cost first (a
// tie keeps the time model's order). Both are runtime models (exp(-score) is
// seconds); throws aspmv::Error for any other kind of model.
inline std::vector<PricedAlternative> price_alternatives(const Model& time, const Model& conversion,
                                                         const MatrixFeatures& f, double calls) {
  if (!is_runtime_model(time) || !is_runtime_model(conversion))
    throw Error("aspmv::predictors::price_alternatives: format_time and format_conversion must be runtime models");
  double t[max_model_classes], p[max_model_classes];
  predict(time, f, 0.0, t);
  predict(conversion, f, 0.0, p);
  std::vector<PricedAlternative> out;
  for (std::size_t i = 0; i < time.classes.size() && i < max_model_classes; ++i)
    for (std::size_t j = 0; j < conversion.classes.size() && j < max_model_classes; ++j)
      if (std::strcmp(time.classes[i], conversion.classes[j]) == 0) {
        const double per_call = std::exp(-t[i]), pre = std::exp(-p[j]);
        out.push_back({time.classes[i], per_call, pre, pre + calls * per_call});
        break;
      }
  std::stable_sort(out.begin(), out.end(),
                   [](const PricedAlternative& a, const PricedAlternative& b) { return a.cost < b.cost; });
  return out;
}

// The class label of a kernel choice: "csr_adaptive", "csr_vector/tpr=8".
inline std::string kernel_label_text(Kernel k, int tpr) {
  std::string s = to_string(k);
  if (tpr > 0) s += "/tpr=" + std::to_string(tpr);
  return s;
}

// Threads per row from a TpR model's label, clamped to what the backend runs.
inline int tpr_from_label(const std::string& label, int max_tpr) {
  char* end = nullptr;
  const long t = std::strtol(label.c_str(), &end, 10);
  if (end == label.c_str() || *end != '\0' || t < 1 || (t & (t - 1)) != 0)
    throw Error("aspmv::predictors: TpR model label '" + label + "' is not a power of two");
  return t > max_tpr ? max_tpr : static_cast<int>(t);
}

// The TpR model `m` chooses for rows with statistics `s` on a device with facts `d`.
inline int tpr_by_model(const Model& m, const RowStats& s, int max_tpr, const DeviceFacts& d = DeviceFacts{}) {
  return tpr_from_label(class_label(m, predict(m, features_of(s, d))), max_tpr);
}

}  // namespace aspmv::predictors
