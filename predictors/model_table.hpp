#pragma once
// Trained model tables (docs/MODEL_TABLES.md) as plain data: decision trees
// and tree ensembles stored as flat arrays, one optional model per decision.
// No Kokkos and no behaviour beyond names and the feature lookup; evaluation
// is predictors/model_eval.hpp, reading a table file predictors/model_json.hpp.
//
// Storage: every array is an ArrayRef (pointer + length) into storage owned
// elsewhere. The compiled-in table (generated from tuning_data/<arch>/model.json
// into <aspmv/generated/model_table.hpp>) points into `inline constexpr` arrays,
// so nothing is copied; a table loaded at run time points into the vectors of
// its LoadedModelTable (model_json.hpp), which must outlive every use.

#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace aspmv::predictors {

// A read-only view of a contiguous array (a minimal std::span for C++17).
template <class T>
class ArrayRef {
 public:
  constexpr ArrayRef() = default;
  constexpr ArrayRef(const T* data, std::size_t size) : data_(data), size_(size) {}
  template <std::size_t N>
  constexpr ArrayRef(const T (&array)[N]) : data_(array), size_(N) {}  // implicit, like std::span

  constexpr const T* data() const { return data_; }
  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const T& operator[](std::size_t i) const { return data_[i]; }
  constexpr const T* begin() const { return data_; }
  constexpr const T* end() const { return data_ + size_; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

// The decisions a model can make (the closed set of model names).
#define ASPMV_MODEL_NAMES(X)                                                                           \
  X(tpr_global)        /* threads per row of CSR-vector, from the matrix's gathered features */        \
  X(tpr_block)         /* threads per row of one block of rows (Gao 4.3), from the block's features */ \
  X(kernel_known)      /* kernel (and TpR) from the known features only */                             \
  X(kernel_gathered)   /* kernel (and TpR) from known + gathered features */                           \
  X(gather)            /* whether gathering features pays: "known" or "gathered" */                    \
  X(runtime)           /* predicted time per call of each kernel_gathered class (describe() only) */   \
  X(format_time)       /* predicted time per call of each alternative, CSR kernels and formats */      \
  X(format_conversion) /* predicted preprocessing (conversion, analysis) of each alternative */

#define ASPMV_MODEL_NAME_ENUMERATOR(name) name,
enum class ModelName { ASPMV_MODEL_NAMES(ASPMV_MODEL_NAME_ENUMERATOR) };
#undef ASPMV_MODEL_NAME_ENUMERATOR

#define ASPMV_MODEL_NAME_VALUE(name) ModelName::name,
inline constexpr ModelName all_model_names[] = {ASPMV_MODEL_NAMES(ASPMV_MODEL_NAME_VALUE)};
#undef ASPMV_MODEL_NAME_VALUE
inline constexpr std::size_t num_model_names = sizeof(all_model_names) / sizeof(all_model_names[0]);

inline const char* to_string(ModelName m) {
#define ASPMV_MODEL_NAME_CASE(name) \
  case ModelName::name: return #name;
  switch (m) { ASPMV_MODEL_NAMES(ASPMV_MODEL_NAME_CASE) }
#undef ASPMV_MODEL_NAME_CASE
  return "unknown";
}

// Parses a model name as to_string() writes it; throws aspmv::Error otherwise.
inline ModelName parse_model_name(const std::string& name) {
  std::string known;
  for (const auto m : all_model_names) {
    if (name == to_string(m)) return m;
    known += (known.empty() ? "" : ", ") + std::string(to_string(m));
  }
  throw Error("aspmv::parse_model_name: unknown model '" + name + "' (" + known + ")");
}

// Where a feature's value comes from: what the planner must have gathered
// before it can evaluate a model that reads it.
enum class FeatureSource {
  known,          // m, n, nnz and what follows from them alone (free)
  row_stats,      // gathered: row-length statistics (MatrixFeatures::stats, time_row_stats)
  row_histogram,  // gathered: mode and median (MatrixFeatures::shape, time_row_histogram)
  columns,        // gathered: column gaps and bandwidth (MatrixFeatures::columns, time_columns)
  context,        // not a matrix feature: `calls`, passed by the caller
};

// The feature vocabulary of docs/MODEL_TABLES.md: the collector's
// features.csv / blocks.csv column names, the device features
// (MatrixFeatures::rows_per_cu() ...: the matrix against the device's
// facts, MatrixFeatures::device), and `calls`.
// X(name, source)
#define ASPMV_FEATURE_NAMES(X) \
  X(rows, known)               \
  X(cols, known)               \
  X(nnz, known)                \
  X(mean, known)               \
  X(density, known)            \
  X(min, row_stats)            \
  X(max, row_stats)            \
  X(var, row_stats)            \
  X(max_mu, row_stats)         \
  X(sqrt_mean, known)          \
  X(cov, row_stats)            \
  X(dispersion, row_stats)     \
  X(mode, row_histogram)       \
  X(median, row_histogram)     \
  X(min_dist, columns)         \
  X(max_dist, columns)         \
  X(bandwidth, columns)        \
  X(density_min, row_stats)    \
  X(density_max, row_stats)    \
  X(density_mean, known)       \
  X(density_var, row_stats)    \
  X(rows_per_cu, known)        \
  X(nnz_per_cu, known)         \
  X(x_l2_ratio, known)         \
  X(mean_per_simd, known)      \
  X(max_cu_share, row_stats)   \
  X(max_per_simd, row_stats)   \
  X(calls, context)

#define ASPMV_FEATURE_ENUMERATOR(name, source) name,
enum class FeatureName { ASPMV_FEATURE_NAMES(ASPMV_FEATURE_ENUMERATOR) };
#undef ASPMV_FEATURE_ENUMERATOR

#define ASPMV_FEATURE_VALUE(name, source) FeatureName::name,
inline constexpr FeatureName all_feature_names[] = {ASPMV_FEATURE_NAMES(ASPMV_FEATURE_VALUE)};
#undef ASPMV_FEATURE_VALUE

inline const char* to_string(FeatureName f) {
#define ASPMV_FEATURE_NAME_CASE(name, source) \
  case FeatureName::name: return #name;
  switch (f) { ASPMV_FEATURE_NAMES(ASPMV_FEATURE_NAME_CASE) }
#undef ASPMV_FEATURE_NAME_CASE
  return "unknown";
}

#define ASPMV_FEATURE_SOURCE(name, source) FeatureSource::source,
inline constexpr FeatureSource feature_sources[] = {ASPMV_FEATURE_NAMES(ASPMV_FEATURE_SOURCE)};
#undef ASPMV_FEATURE_SOURCE

inline constexpr FeatureSource feature_source(FeatureName f) { return feature_sources[static_cast<std::size_t>(f)]; }

// Parses a feature name as to_string() writes it; throws aspmv::Error otherwise.
inline FeatureName parse_feature_name(const std::string& name) {
  std::string known;
  for (const auto f : all_feature_names) {
    if (name == to_string(f)) return f;
    known += (known.empty() ? "" : ", ") + std::string(to_string(f));
  }
  throw Error("aspmv::parse_feature_name: unknown feature '" + name + "' (" + known + ")");
}

// The one place that maps a feature name to its value. `calls` is the
// expected number of SpMV calls (the `gather` model's context input).
// For a block of rows (tpr_block), pass a MatrixFeatures whose `stats` are
// the block's; the block models read row statistics (and device features) only.
inline double feature_value(FeatureName f, const MatrixFeatures& m, double calls) {
  const RowStats& s = m.stats;
  switch (f) {
    case FeatureName::rows: return double(s.rows);
    case FeatureName::cols: return double(s.cols);
    case FeatureName::nnz: return double(s.nnz);
    case FeatureName::mean: return s.mean;
    case FeatureName::density: return s.density();
    case FeatureName::min: return double(s.min);
    case FeatureName::max: return double(s.max);
    case FeatureName::var: return s.var;
    case FeatureName::max_mu: return s.max_minus_mean();
    case FeatureName::sqrt_mean: return s.sqrt_mean();
    case FeatureName::cov: return s.cov();
    case FeatureName::dispersion: return m.dispersion();
    case FeatureName::mode: return double(m.shape.mode);
    case FeatureName::median: return double(m.shape.median);
    case FeatureName::min_dist: return double(m.columns.min_dist);
    case FeatureName::max_dist: return double(m.columns.max_dist);
    case FeatureName::bandwidth: return double(m.columns.bandwidth);
    case FeatureName::density_min: return m.density_min();
    case FeatureName::density_max: return m.density_max();
    case FeatureName::density_mean: return m.density_mean();
    case FeatureName::density_var: return m.density_var();
    case FeatureName::rows_per_cu: return m.rows_per_cu();
    case FeatureName::nnz_per_cu: return m.nnz_per_cu();
    case FeatureName::x_l2_ratio: return m.x_l2_ratio();
    case FeatureName::mean_per_simd: return m.mean_per_simd();
    case FeatureName::max_cu_share: return m.max_cu_share();
    case FeatureName::max_per_simd: return m.max_per_simd();
    case FeatureName::calls: return calls;
  }
  return 0.0;
}

enum class Aggregate { sum, mean };  // scores = base_score + sum of the leaves (or their mean over the trees)
enum class Decision { le, lt };      // go left when x <= threshold (le) or x < threshold (lt)
enum class TableStatus { trained, untrained };

inline const char* to_string(Aggregate a) { return a == Aggregate::mean ? "mean" : "sum"; }
inline const char* to_string(Decision d) { return d == Decision::lt ? "lt" : "le"; }
inline const char* to_string(TableStatus s) { return s == TableStatus::trained ? "trained" : "untrained"; }

// One decision tree. Node k is a leaf when feature[k] < 0; else the walk goes
// to left[k] when x[feature[k]] <= threshold[k] (Decision::le; < for lt),
// else to right[k]. The root is node 0. A leaf k adds value[k*width + j] to
// the score of class class_offset + j, j < width.
struct Tree {
  ArrayRef<std::int32_t> feature;  // per node: index into Model::features, < 0 for a leaf
  ArrayRef<double> threshold;      // per node
  ArrayRef<std::int32_t> left;     // per node
  ArrayRef<std::int32_t> right;    // per node
  ArrayRef<double> value;          // num_nodes() * width, node-major
  std::int32_t width = 1;
  std::int32_t class_offset = 0;

  constexpr std::size_t num_nodes() const { return feature.size(); }
};

struct Model {
  const char* algorithm = "";      // information only ("lightgbm", "random_forest", ...)
  ArrayRef<FeatureName> features;  // input i of the model
  ArrayRef<const char*> classes;   // class labels, in score order
  Aggregate aggregate = Aggregate::sum;
  Decision decision = Decision::le;
  ArrayRef<double> base_score;  // one per class
  ArrayRef<Tree> trees;         // summed in this order
  // The support of the training data (the table's optional "support"): input
  // i lay in [support_lo[i], support_hi[i]] for every sample the model was
  // fitted on. One per input, in the order of `features`; both empty when the
  // table has none. Information for the planner (outside_support()); it does
  // not change a prediction.
  ArrayRef<double> support_lo;
  ArrayRef<double> support_hi;

  constexpr bool has_support() const { return !support_lo.empty(); }
};

struct ModelTable {
  const char* arch = "";  // tuning_data folder name
  TableStatus status = TableStatus::untrained;
  const char* provenance = "{}";   // the provenance object as JSON text (canonical form, model_json.hpp)
  const char* summary = "";        // provenance.summary, "" when absent
  const char* source_file = "";    // tuning_data/<arch>/model.json, or the path it was loaded from
  const char* source_sha256 = "";  // of the compiled-in file ("" for a table loaded at run time)
  std::array<const Model*, num_model_names> models{};  // by ModelName; nullptr: use the rule

  constexpr const Model* find(ModelName m) const { return models[static_cast<std::size_t>(m)]; }
  constexpr bool has(ModelName m) const { return find(m) != nullptr; }
};

// Whether a model reads a feature from `source`. A plan gathers only the
// row_stats pass: the trainer (predictors/train/aspmv_train/train.py
// GATHERED_SETS) gives the planner's models no row-histogram or
// column-structure feature, which would read 0 here.
inline bool model_reads(const Model& m, FeatureSource source) {
  return std::any_of(m.features.begin(), m.features.end(),
                     [source](FeatureName f) { return feature_source(f) == source; });
}

// The first input of `m` outside the model's training support: the index
// into m.features of the first i (in the model's order) whose x[i] is not in
// [support_lo[i], support_hi[i]] (NaN is outside), or -1 when every input lies
// within it or the model has no support. `calls` is not checked: it is the
// caller's context, not a property of the matrix (the Python evaluator's
// evaluate.outside_support skips it too). x holds the model's inputs in its
// order (model_inputs() in model_eval.hpp). No allocation.
inline int first_outside_support(const Model& m, const double* x) {
  if (!m.has_support()) return -1;
  for (std::size_t i = 0; i < m.features.size(); ++i) {
    if (m.features[i] == FeatureName::calls) continue;
    const double v = x[i];
    if (!(m.support_lo[i] <= v && v <= m.support_hi[i])) return static_cast<int>(i);
  }
  return -1;
}

// The same from a matrix's (or block's) features; `calls` as for predict()
// (not checked, see above). No allocation.
inline int first_outside_support(const Model& m, const MatrixFeatures& f, double calls) {
  if (!m.has_support()) return -1;
  for (std::size_t i = 0; i < m.features.size(); ++i) {
    if (m.features[i] == FeatureName::calls) continue;
    const double v = feature_value(m.features[i], f, calls);
    if (!(m.support_lo[i] <= v && v <= m.support_hi[i])) return static_cast<int>(i);
  }
  return -1;
}

namespace detail {

inline std::string support_number(double v, int digits) {
  if (std::isnan(v)) return "nan";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

}  // namespace detail

// Why input `i` of `m` (first_outside_support's answer, >= 0) is outside:
// "rows 25 outside the training support [64, 2.1e+07]". Numbers with 6
// significant digits, 17 where 6 would print the value as one of the bounds.
inline std::string outside_support_reason(const Model& m, int i, double value) {
  const auto k = static_cast<std::size_t>(i);
  const double lo = m.support_lo[k];
  const double hi = m.support_hi[k];
  int digits = 6;
  const std::string v6 = detail::support_number(value, digits);
  if (v6 == detail::support_number(lo, digits) || v6 == detail::support_number(hi, digits)) digits = 17;
  return std::string(to_string(m.features[k])) + " " + detail::support_number(value, digits) +
         " outside the training support [" + detail::support_number(lo, digits) + ", " +
         detail::support_number(hi, digits) + "]";
}

// "" when every input of `m` for these features lies within the model's
// training support (or the model has none); otherwise a short reason naming
// the first input outside, its value and the range, e.g.
// "rows 25 outside the training support [64, 2.1e+07]". NaN is outside.
// `calls` is not checked (first_outside_support). Builds a string only when
// an input is outside.
inline std::string outside_support(const Model& m, const MatrixFeatures& f, double calls) {
  const int i = first_outside_support(m, f, calls);
  if (i < 0) return {};
  return outside_support_reason(m, i, feature_value(m.features[static_cast<std::size_t>(i)], f, calls));
}

// Limits the evaluator's fixed buffers rely on; a table beyond them is refused
// at load (and by the generator).
inline constexpr std::size_t max_model_classes = 256;
inline constexpr std::size_t max_model_features = 64;

}  // namespace aspmv::predictors
