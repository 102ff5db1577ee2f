#pragma once
// Loading a model table (docs/MODEL_TABLES.md) from its JSON file at run
// time, with every check of the schema's "Validation at load" (the same checks
// predictors/codegen/generate_model_table.py makes before compiling a table in):
//  - schema "aspmv-models/1", status "trained" / "untrained", known model names;
//  - per model: known feature names, 1 to max_model_features inputs,
//    1 to max_model_classes distinct class labels, aggregate "sum" / "mean",
//    decision "le" / "lt", len(base_score) == len(classes), at least one tree;
//  - per tree: at least one node, equal lengths of feature / threshold / left /
//    right, len(value) == n_nodes * width, width >= 1, class_offset >= 0,
//    class_offset + width <= len(classes), every feature index of an inner
//    node in range, left / right of an inner node pointing forward and in
//    range, no node reached twice from the root;
//  - every number finite (1e999 overflows to inf and is refused), every index
//    an integer token;
//  - no keys outside the schema (a key the evaluator ignored could change what
//    the trainer meant), except inside "provenance" and "scores".
// Errors throw aspmv::ParseError: "FILE:LINE: JSON.PATH: problem", e.g.
// "model.json:40: models.tpr_global.trees[3].left[7]: child 2 of node 7 does not point forward".

#include <aspmv/error.hpp>
#include <predictors/json_reader.hpp>
#include <predictors/model_table.hpp>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
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

// Reads and checks a model table; `source` names it in error messages.
class ModelTableReader {
 public:
  ModelTableReader(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  std::unique_ptr<LoadedModelTable> read() {
    const json::Value doc = json::parse(text_, source_);
    auto out = std::make_unique<LoadedModelTable>();
    out->source_ = source_;
    if (!doc.is(json::Kind::object)) fail(doc, "", "the table must be a JSON object");
    only_keys(doc, "", {"schema", "arch", "status", "provenance", "models"});

    const auto& schema = member(doc, "", "schema", json::Kind::string);
    if (schema.text != model_table_schema)
      fail(schema, "schema", "unsupported schema '" + schema.text + "' (expected '" + model_table_schema + "')");
    const auto& arch = member(doc, "", "arch", json::Kind::string);
    if (arch.text.empty()) fail(arch, "arch", "empty architecture name");
    out->arch_ = arch.text;
    const auto& status = member(doc, "", "status", json::Kind::string);
    if (status.text == "trained")
      out->table_.status = TableStatus::trained;
    else if (status.text == "untrained")
      out->table_.status = TableStatus::untrained;
    else
      fail(status, "status", R"(must be "trained" or "untrained", not ')" + status.text + "'");
    const auto& provenance = member(doc, "", "provenance", json::Kind::object);
    out->provenance_ = json::canonical_text(provenance);
    if (const auto* summary = provenance.find("summary"); summary != nullptr && summary->is(json::Kind::string))
      out->summary_ = summary->text;

    const auto& models = member(doc, "", "models", json::Kind::object);
    for (const auto& m : models.members) {
      const std::string path = "models." + m.key;
      ModelName name{};
      try {
        name = parse_model_name(m.key);
      } catch (const Error&) {
        std::string known;
        for (const auto n : all_model_names) known += (known.empty() ? "" : ", ") + std::string(to_string(n));
        fail(m.value, path, "unknown model name '" + m.key + "' (" + known + ")");
      }
      auto& slot = out->models_[static_cast<std::size_t>(name)];
      slot = std::make_unique<LoadedModelTable::ModelStorage>();
      read_model(m.value, path, *slot);
      out->table_.models[static_cast<std::size_t>(name)] = &slot->model;
    }

    out->table_.arch = out->arch_.c_str();
    out->table_.provenance = out->provenance_.c_str();
    out->table_.summary = out->summary_.c_str();
    out->table_.source_file = out->source_.c_str();
    out->table_.source_sha256 = "";
    return out;
  }

 private:
  [[noreturn]] void fail(const json::Value& at, const std::string& path, const std::string& problem) const {
    const long line = json::line_and_column(text_, at.offset).first;
    throw ParseError(source_, line, (path.empty() ? std::string("(top level)") : path) + ": " + problem);
  }

  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }
  static std::string index(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

  const json::Value& member(const json::Value& obj, const std::string& path, const char* key, json::Kind kind) const {
    const json::Value* v = obj.find(key);
    if (v == nullptr) fail(obj, join(path, key), "missing");
    if (!v->is(kind))
      fail(*v, join(path, key), std::string("must be ") + json::to_string(kind) + ", not " + json::to_string(v->kind));
    return *v;
  }

  void only_keys(const json::Value& obj, const std::string& path, std::initializer_list<const char*> keys) const {
    for (const auto& m : obj.members) {
      bool ok = false;
      std::string list;
      for (const char* k : keys) {
        ok = ok || m.key == k;
        list += (list.empty() ? "" : ", ") + std::string(k);
      }
      if (!ok) fail(m.value, join(path, m.key), "unknown key (allowed here: " + list + ")");
    }
  }

  double finite_number(const json::Value& v, const std::string& path) const {
    if (!v.is(json::Kind::number)) fail(v, path, std::string("must be a number, not ") + json::to_string(v.kind));
    const double d = json::to_double(v.text);
    if (!std::isfinite(d)) fail(v, path, "'" + v.text + "' is not a finite double (overflow)");
    return d;
  }

  std::int64_t integer(const json::Value& v, const std::string& path) const {
    if (!v.is(json::Kind::number)) fail(v, path, std::string("must be an integer, not ") + json::to_string(v.kind));
    std::int64_t i = 0;
    if (!json::to_int64(v, i)) fail(v, path, "'" + v.text + "' is not an integer");
    return i;
  }

  std::int32_t int32(const json::Value& v, const std::string& path) const {
    const std::int64_t i = integer(v, path);
    if (i < INT32_MIN || i > INT32_MAX) fail(v, path, std::to_string(i) + " does not fit in 32 bits");
    return static_cast<std::int32_t>(i);
  }

  const json::Value& array(const json::Value& obj, const std::string& path, const char* key,
                           std::size_t expected_size = SIZE_MAX, const char* expected_what = "") const {
    const auto& a = member(obj, path, key, json::Kind::array);
    if (expected_size != SIZE_MAX && a.items.size() != expected_size)
      fail(a, join(path, key),
           "has " + std::to_string(a.items.size()) + " entries, expected " + std::to_string(expected_size) + " (" +
               expected_what + ")");
    return a;
  }

  void read_model(const json::Value& v, const std::string& path, LoadedModelTable::ModelStorage& s) const {
    if (!v.is(json::Kind::object)) fail(v, path, std::string("must be an object, not ") + json::to_string(v.kind));
    only_keys(v, path, {"algorithm", "features", "classes", "aggregate", "decision", "base_score", "trees", "scores"});
    if (v.find("algorithm") != nullptr) s.algorithm = member(v, path, "algorithm", json::Kind::string).text;

    const auto& features = array(v, path, "features");
    if (features.items.empty() || features.items.size() > max_model_features)
      fail(
          features, join(path, "features"),
          std::to_string(features.items.size()) + " inputs, 1 to " + std::to_string(max_model_features) + " supported");
    for (std::size_t i = 0; i < features.items.size(); ++i) {
      const auto& f = features.items[i];
      const std::string p = index(join(path, "features"), i);
      if (!f.is(json::Kind::string)) fail(f, p, std::string("must be a string, not ") + json::to_string(f.kind));
      try {
        s.features.push_back(parse_feature_name(f.text));
      } catch (const Error& e) {
        fail(f, p, std::string(e.what()).substr(std::strlen("aspmv::parse_feature_name: ")));
      }
    }

    const auto& classes = array(v, path, "classes");
    if (classes.items.empty() || classes.items.size() > max_model_classes)
      fail(classes, join(path, "classes"),
           std::to_string(classes.items.size()) + " classes, 1 to " + std::to_string(max_model_classes) + " supported");
    for (std::size_t i = 0; i < classes.items.size(); ++i) {
      const auto& c = classes.items[i];
      const std::string p = index(join(path, "classes"), i);
      if (!c.is(json::Kind::string)) fail(c, p, std::string("must be a string, not ") + json::to_string(c.kind));
      for (const auto& earlier : s.class_names)
        if (earlier == c.text) fail(c, p, "duplicate class label '" + c.text + "'");
      s.class_names.push_back(c.text);
    }
    const std::size_t nc = s.class_names.size();

    const auto& aggregate = member(v, path, "aggregate", json::Kind::string);
    if (aggregate.text == "sum")
      s.model.aggregate = Aggregate::sum;
    else if (aggregate.text == "mean")
      s.model.aggregate = Aggregate::mean;
    else
      fail(aggregate, join(path, "aggregate"), R"(must be "sum" or "mean", not ')" + aggregate.text + "'");
    const auto& decision = member(v, path, "decision", json::Kind::string);
    if (decision.text == "le")
      s.model.decision = Decision::le;
    else if (decision.text == "lt")
      s.model.decision = Decision::lt;
    else
      fail(decision, join(path, "decision"), R"(must be "le" or "lt", not ')" + decision.text + "'");

    const auto& base = array(v, path, "base_score", nc, "one per class");
    for (std::size_t i = 0; i < nc; ++i)
      s.base_score.push_back(finite_number(base.items[i], index(join(path, "base_score"), i)));

    const auto& trees = array(v, path, "trees");
    if (trees.items.empty()) fail(trees, join(path, "trees"), "a model needs at least one tree");
    std::vector<TreeExtent> extents;
    for (std::size_t t = 0; t < trees.items.size(); ++t)
      extents.push_back(read_tree(trees.items[t], index(join(path, "trees"), t), nc, s));

    // The arrays are complete: point the views into them.
    for (const auto& name : s.class_names) s.classes.push_back(name.c_str());
    for (const auto& e : extents) {
      Tree tree;
      tree.feature = ArrayRef<std::int32_t>(s.feature.data() + e.first_node, e.nodes);
      tree.threshold = ArrayRef<double>(s.threshold.data() + e.first_node, e.nodes);
      tree.left = ArrayRef<std::int32_t>(s.left.data() + e.first_node, e.nodes);
      tree.right = ArrayRef<std::int32_t>(s.right.data() + e.first_node, e.nodes);
      tree.value = ArrayRef<double>(s.value.data() + e.first_value, e.nodes * e.width);
      tree.width = static_cast<std::int32_t>(e.width);
      tree.class_offset = static_cast<std::int32_t>(e.class_offset);
      s.trees.push_back(tree);
    }
    s.model.algorithm = s.algorithm.c_str();
    s.model.features = ArrayRef<FeatureName>(s.features.data(), s.features.size());
    s.model.classes = ArrayRef<const char*>(s.classes.data(), s.classes.size());
    s.model.base_score = ArrayRef<double>(s.base_score.data(), s.base_score.size());
    s.model.trees = ArrayRef<Tree>(s.trees.data(), s.trees.size());
  }

  // Where a tree's nodes and values start in its model's arrays.
  struct TreeExtent {
    std::size_t first_node, nodes, first_value, width, class_offset;
  };

  TreeExtent read_tree(const json::Value& v, const std::string& path, std::size_t num_classes,
                       LoadedModelTable::ModelStorage& s) const {
    if (!v.is(json::Kind::object)) fail(v, path, std::string("must be an object, not ") + json::to_string(v.kind));
    only_keys(v, path, {"feature", "threshold", "left", "right", "value", "width", "class_offset"});
    const auto& feature = array(v, path, "feature");
    const std::size_t n = feature.items.size();
    if (n == 0) fail(feature, join(path, "feature"), "a tree needs at least one node");
    const auto& threshold = array(v, path, "threshold", n, "one per node");
    const auto& left = array(v, path, "left", n, "one per node");
    const auto& right = array(v, path, "right", n, "one per node");
    const auto& width_v = member(v, path, "width", json::Kind::number);
    const auto& offset_v = member(v, path, "class_offset", json::Kind::number);
    const std::int64_t width = integer(width_v, join(path, "width"));
    const std::int64_t offset = integer(offset_v, join(path, "class_offset"));
    if (width < 1) fail(width_v, join(path, "width"), "must be at least 1, not " + std::to_string(width));
    if (offset < 0) fail(offset_v, join(path, "class_offset"), "must be at least 0, not " + std::to_string(offset));
    if (offset + width > static_cast<std::int64_t>(num_classes))
      fail(offset_v, join(path, "class_offset"),
           "class_offset + width = " + std::to_string(offset + width) + " exceeds the " + std::to_string(num_classes) +
               " classes");
    const auto& value = array(v, path, "value", n * static_cast<std::size_t>(width), "nodes x width");

    const std::size_t first = s.feature.size();
    const std::size_t first_value = s.value.size();
    const std::size_t nf = s.features.size();
    for (std::size_t k = 0; k < n; ++k) {
      s.feature.push_back(int32(feature.items[k], index(join(path, "feature"), k)));
      s.threshold.push_back(finite_number(threshold.items[k], index(join(path, "threshold"), k)));
      s.left.push_back(int32(left.items[k], index(join(path, "left"), k)));
      s.right.push_back(int32(right.items[k], index(join(path, "right"), k)));
    }
    for (std::size_t i = 0; i < value.items.size(); ++i)
      s.value.push_back(finite_number(value.items[i], index(join(path, "value"), i)));

    // Structure: indices in range, children forward, no node reached twice.
    std::vector<char> reached(n, 0);
    reached[0] = 1;
    for (std::size_t k = 0; k < n; ++k) {
      const std::int32_t f = s.feature[first + k];
      if (f < 0) continue;  // a leaf
      if (static_cast<std::size_t>(f) >= nf)
        fail(
            feature.items[k], index(join(path, "feature"), k),
            "feature index " + std::to_string(f) + " out of range (the model has " + std::to_string(nf) + " features)");
      for (const bool is_left : {true, false}) {
        const std::int32_t child = is_left ? s.left[first + k] : s.right[first + k];
        const auto& item = is_left ? left.items[k] : right.items[k];
        const std::string p = index(join(path, is_left ? "left" : "right"), k);
        if (child < 0 || static_cast<std::size_t>(child) >= n)
          fail(item, p,
               "child " + std::to_string(child) + " of node " + std::to_string(k) + " out of range (the tree has " +
                   std::to_string(n) + " nodes)");
        if (static_cast<std::size_t>(child) <= k)
          fail(item, p,
               "child " + std::to_string(child) + " of node " + std::to_string(k) +
                   " does not point forward (a cycle or a shared node)");
        if (reached[k] != 0) {
          if (reached[static_cast<std::size_t>(child)] != 0)
            fail(item, p, "node " + std::to_string(child) + " is reached twice");
          reached[static_cast<std::size_t>(child)] = 1;
        }
      }
    }
    return TreeExtent{first, n, first_value, static_cast<std::size_t>(width), static_cast<std::size_t>(offset)};
  }

  std::string_view text_;
  std::string source_;
};

// Parses and checks a model table from its text; `source` names it in errors.
inline std::unique_ptr<LoadedModelTable> parse_model_table(std::string_view text, const std::string& source) {
  return ModelTableReader(text, source).read();
}

// Reads and checks a model table file.
inline std::unique_ptr<LoadedModelTable> load_model_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, std::string("cannot open the model table: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ParseError(path, 0, "cannot read the model table");
  return parse_model_table(text.str(), path);
}

}  // namespace aspmv::predictors
