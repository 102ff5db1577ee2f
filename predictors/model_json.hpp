#pragma once
// Loading a model table (docs/MODEL_TABLES.md) from its JSON file at run
// time, with every check of the schema's "Validation at load" (the same checks
// predictors/codegen/generate_model_table.py makes before compiling a table in):
//  - schema "aspmv-models/1", status "trained" / "untrained", known model names;
//  - per model: known feature names, 1 to max_model_features inputs,
//    1 to max_model_classes distinct class labels, aggregate "sum" / "mean",
//    decision "le" / "lt", len(base_score) == len(classes), at least one tree;
//  - per model, optional "support": one [lo, hi] per input feature name of
//    the model (no other key), lo <= hi, both finite;
//  - per tree: at least one node, equal lengths of feature / threshold / left /
//    right, len(value) == n_nodes * width, width >= 1, class_offset >= 0,
//    class_offset + width <= len(classes), every feature index of an inner
//    node in range, left / right of an inner node pointing forward and in
//    range, no node reached twice from the root;
//  - every number finite (1e999 is beyond the double range and refused,
//    wherever it is), every index an integer token;
//  - no keys outside the schema (a key the evaluator ignored could change what
//    the trainer meant), except inside "provenance" and "scores".
// Errors throw aspmv::ParseError: "FILE:LINE: JSON.PATH: problem", e.g.
// "model.json:40: models.tpr_global.trees[3].left[7]: child 2 of node 7 does not point forward".
// The JSON itself is read by nlohmann-json (predictors/json_document.hpp); the
// loader is compiled into libaspmv (predictors/model_json.cpp), so this header
// does not bring nlohmann's into every file that makes a plan.

#include <aspmv/error.hpp>
#include <predictors/model_table.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace aspmv::predictors {

inline constexpr const char* model_table_schema = "aspmv-models/1";

// A model table read at run time: owns the arrays its table() points into.
// Neither copyable nor movable (the views point into it); held by unique_ptr.
class LoadedModelTable {
 public:
  LoadedModelTable() = default;
  LoadedModelTable(const LoadedModelTable&) = delete;
  LoadedModelTable& operator=(const LoadedModelTable&) = delete;
  LoadedModelTable(LoadedModelTable&&) = delete;
  LoadedModelTable& operator=(LoadedModelTable&&) = delete;
  ~LoadedModelTable() = default;

  const ModelTable& table() const { return table_; }

 private:
  friend class ModelTableReader;

  struct ModelStorage {
    std::string algorithm;
    std::vector<FeatureName> features;
    std::vector<std::string> class_names;
    std::vector<const char*> classes;  // into class_names
    std::vector<double> base_score;
    std::vector<double> support_lo, support_hi;  // per input; empty without "support"
    // Every tree's nodes, one after the other; trees point into them.
    std::vector<std::int32_t> feature, left, right;
    std::vector<double> threshold, value;
    std::vector<Tree> trees;
    Model model;
  };

  std::string arch_, provenance_, summary_, source_;
  std::array<std::unique_ptr<ModelStorage>, num_model_names> models_;
  ModelTable table_;
};

// Parses and checks a model table from its text; `source` names it in errors.
std::unique_ptr<LoadedModelTable> parse_model_table(std::string_view text, const std::string& source);

// Reads and checks a model table file.
std::unique_ptr<LoadedModelTable> load_model_table(const std::string& path);

}  // namespace aspmv::predictors
