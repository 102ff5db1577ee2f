#pragma once
// Evaluating a model of a model table (docs/MODEL_TABLES.md, "Model"), with
// exactly the schema's semantics, which the Python evaluator
// (predictors/train/aspmv_train/evaluate.py) shares bit for bit:
//  - each tree is walked from node 0: left when x[f] <= t (Decision::le) or
//    x[f] < t (Decision::lt), else right, until a leaf (feature < 0);
//  - the leaves' numbers are summed into per-class sums in double precision,
//    the trees in their order, starting from 0;
//  - score[c] = base_score[c] + (mean ? sum[c] / n_trees : sum[c]);
//  - the class is the largest score's, the lowest index on a tie;
//  - confidence: the largest score for Aggregate::mean (a probability), the
//    softmax of the largest score for Aggregate::sum.
// predict() allocates nothing and throws nothing for a table that passed the
// loader's (or the generator's) checks.

#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>
#include <predictors/model_table.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace aspmv::predictors {

struct Prediction {
  int class_index = -1;   // into Model::classes
  double confidence = 0;  // see above; in (0, 1] for both aggregates
};

namespace detail {

// The leaf a tree sends x to.
template <Decision D>
inline std::int32_t leaf_of(const Tree& t, const double* x) {
  const std::int32_t* feature = t.feature.data();
  const double* threshold = t.threshold.data();
  const std::int32_t* left = t.left.data();
  const std::int32_t* right = t.right.data();
  std::int32_t k = 0;
  while (feature[k] >= 0) {
    const double v = x[feature[k]];
    const bool go_left = D == Decision::le ? v <= threshold[k] : v < threshold[k];
    k = go_left ? left[k] : right[k];
  }
  return k;
}

template <Decision D>
inline void sum_trees(const Model& m, const double* x, double* sums) {
  for (const Tree& t : m.trees) {
    const std::int32_t k = leaf_of<D>(t, x);
    const double* leaf = t.value.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(t.width);
    double* out = sums + t.class_offset;
    for (std::int32_t j = 0; j < t.width; ++j) out[j] += leaf[j];
  }
}

}  // namespace detail

// Predicts the class of input x (x[i] is the value of model.features[i]).
// `scores`: nullptr, or room for model.classes.size() doubles, which receive
// the class scores.
inline Prediction predict(const Model& m, const double* x, double* scores = nullptr) {
  const std::size_t nc = m.classes.size();
  double local[max_model_classes];
  double* s = scores != nullptr ? scores : local;
  if (nc == 0 || (scores == nullptr && nc > max_model_classes))
    throw Error("aspmv::predictors::predict: a model with " + std::to_string(nc) + " classes (1 to " +
                std::to_string(max_model_classes) + " supported)");
  for (std::size_t c = 0; c < nc; ++c) s[c] = 0.0;
  if (m.decision == Decision::le)
    detail::sum_trees<Decision::le>(m, x, s);
  else
    detail::sum_trees<Decision::lt>(m, x, s);
  const bool mean = m.aggregate == Aggregate::mean;
  const auto n_trees = static_cast<double>(m.trees.size());
  for (std::size_t c = 0; c < nc; ++c) s[c] = m.base_score[c] + (mean ? s[c] / n_trees : s[c]);

  std::size_t best = 0;
  for (std::size_t c = 1; c < nc; ++c)
    if (s[c] > s[best]) best = c;
  Prediction p;
  p.class_index = static_cast<int>(best);
  if (mean) {
    p.confidence = s[best];
  } else {
    double z = 0;
    for (std::size_t c = 0; c < nc; ++c) z += std::exp(s[c] - s[best]);
    p.confidence = 1.0 / z;
  }
  return p;
}

// Fills x[0 .. model.features.size()) with the model's inputs, in its order
// (feature_value() in model_table.hpp is the one mapping of names to values).
inline void model_inputs(const Model& m, const MatrixFeatures& f, double calls, double* x) {
  for (std::size_t i = 0; i < m.features.size(); ++i) x[i] = feature_value(m.features[i], f, calls);
}

// model_inputs() + predict(), with the inputs on the stack.
inline Prediction predict(const Model& m, const MatrixFeatures& f, double calls = 0.0, double* scores = nullptr) {
  double x[max_model_features];
  if (m.features.size() > max_model_features)
    throw Error("aspmv::predictors::predict: a model with " + std::to_string(m.features.size()) + " inputs (at most " +
                std::to_string(max_model_features) + " supported)");
  model_inputs(m, f, calls, x);
  return predict(m, x, scores);
}

// The label of a prediction's class ("8", "csr_vector/tpr=8", "gathered").
inline const char* class_label(const Model& m, const Prediction& p) { return m.classes[std::size_t(p.class_index)]; }

}  // namespace aspmv::predictors
