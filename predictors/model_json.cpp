// The model-table loader (model_json.hpp): the JSON through nlohmann-json
// (json_document.hpp), then the schema's checks on the nlohmann::ordered_json
// value, each failure naming the JSON path and its line.

#include <aspmv/error.hpp>
#include <predictors/json_document.hpp>
#include <predictors/model_json.hpp>
#include <predictors/model_table.hpp>

#include <cerrno>
#include <climits>
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

using json::index_path;
using json::join_path;
using json::Json;
using json::kind_name;

// Reads and checks a model table; `source` names it in error messages.
class ModelTableReader {
 public:
  ModelTableReader(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  std::unique_ptr<LoadedModelTable> read() {
    json::Document document = json::parse(text_, source_, "provenance");
    try {
      return read(document);
    } catch (const Json::exception& e) {  // the checks come before every access: not expected
      throw ParseError(source_, 0, std::string("model table: ") + e.what());
    }
  }

 private:
  std::unique_ptr<LoadedModelTable> read(json::Document& document) const {
    const Json& doc = document.value;
    auto out = std::make_unique<LoadedModelTable>();
    out->source_ = source_;
    if (!doc.is_object()) fail("", "the table must be a JSON object");
    only_keys(doc, "", {"schema", "arch", "status", "provenance", "models"});

    const std::string& schema = string_member(doc, "", "schema");
    if (schema != model_table_schema)
      fail("schema", "unsupported schema '" + schema + "' (expected '" + model_table_schema + "')");
    const std::string& arch = string_member(doc, "", "arch");
    if (arch.empty()) fail("arch", "empty architecture name");
    out->arch_ = arch;
    const std::string& status = string_member(doc, "", "status");
    if (status == "trained")
      out->table_.status = TableStatus::trained;
    else if (status == "untrained")
      out->table_.status = TableStatus::untrained;
    else
      fail("status", R"(must be "trained" or "untrained", not ')" + status + "'");
    const Json& provenance = member(doc, "", "provenance", Json::value_t::object);
    out->provenance_ = std::move(document.canonical);
    if (const auto summary = provenance.find("summary"); summary != provenance.end() && summary->is_string())
      out->summary_ = summary->get_ref<const std::string&>();

    const Json& models = member(doc, "", "models", Json::value_t::object);
    for (auto m = models.begin(); m != models.end(); ++m) {
      const std::string path = "models." + m.key();
      ModelName name{};
      try {
        name = parse_model_name(m.key());
      } catch (const Error&) {
        std::string known;
        for (const auto n : all_model_names) known += (known.empty() ? "" : ", ") + std::string(to_string(n));
        fail(path, "unknown model name '" + m.key() + "' (" + known + ")");
      }
      auto& slot = out->models_[static_cast<std::size_t>(name)];
      slot = std::make_unique<LoadedModelTable::ModelStorage>();
      read_model(m.value(), path, *slot);
      out->table_.models[static_cast<std::size_t>(name)] = &slot->model;
    }

    out->table_.arch = out->arch_.c_str();
    out->table_.provenance = out->provenance_.c_str();
    out->table_.summary = out->summary_.c_str();
    out->table_.source_file = out->source_.c_str();
    out->table_.source_sha256 = "";
    return out;
  }

  // The line is that of the value at `path`, or of the object lacking it.
  [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
    throw ParseError(source_, json::line_of(text_, path),
                     (path.empty() ? std::string("(top level)") : path) + ": " + problem);
  }

  static bool is(const Json& v, Json::value_t kind) {
    return kind == Json::value_t::number_float ? v.is_number() : v.type() == kind;
  }

  // The member `key` of `obj`, of `kind` (number_float: any number).
  const Json& member(const Json& obj, const std::string& path, const char* key, Json::value_t kind) const {
    const auto v = obj.find(key);
    if (v == obj.end()) fail(join_path(path, key), "missing");
    if (!is(*v, kind))
      fail(join_path(path, key), std::string("must be ") + kind_name(kind) + ", not " + kind_name(v->type()));
    return *v;
  }

  const std::string& string_member(const Json& obj, const std::string& path, const char* key) const {
    return member(obj, path, key, Json::value_t::string).get_ref<const std::string&>();
  }

  void only_keys(const Json& obj, const std::string& path, std::initializer_list<const char*> keys) const {
    for (auto m = obj.begin(); m != obj.end(); ++m) {
      bool ok = false;
      std::string list;
      for (const char* k : keys) {
        ok = ok || m.key() == k;
        list += (list.empty() ? "" : ", ") + std::string(k);
      }
      if (!ok) fail(join_path(path, m.key()), "unknown key (allowed here: " + list + ")");
    }
  }

  double finite_number(const Json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, std::string("must be a number, not ") + kind_name(v.type()));
    const auto d = v.get<double>();
    if (!std::isfinite(d)) fail(path, "'" + v.dump() + "' is not a finite double (overflow)");
    return d;
  }

  std::int64_t integer(const Json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, std::string("must be an integer, not ") + kind_name(v.type()));
    if (v.is_number_float()) fail(path, "'" + v.dump() + "' is not an integer");
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      fail(path, v.dump() + " does not fit in 64 bits");
    return v.get<std::int64_t>();
  }

  std::int32_t int32(const Json& v, const std::string& path) const {
    const std::int64_t i = integer(v, path);
    if (i < INT32_MIN || i > INT32_MAX) fail(path, std::to_string(i) + " does not fit in 32 bits");
    return static_cast<std::int32_t>(i);
  }

  const Json& array(const Json& obj, const std::string& path, const char* key, std::size_t expected_size = SIZE_MAX,
                    const char* expected_what = "") const {
    const Json& a = member(obj, path, key, Json::value_t::array);
    if (expected_size != SIZE_MAX && a.size() != expected_size)
      fail(join_path(path, key), "has " + std::to_string(a.size()) + " entries, expected " +
                                     std::to_string(expected_size) + " (" + expected_what + ")");
    return a;
  }

  void read_model(const Json& v, const std::string& path, LoadedModelTable::ModelStorage& s) const {
    if (!v.is_object()) fail(path, std::string("must be an object, not ") + kind_name(v.type()));
    only_keys(
        v, path,
        {"algorithm", "features", "classes", "aggregate", "decision", "base_score", "trees", "scores", "support"});
    if (v.contains("algorithm")) s.algorithm = string_member(v, path, "algorithm");

    const Json& features = array(v, path, "features");
    if (features.empty() || features.size() > max_model_features)
      fail(join_path(path, "features"),
           std::to_string(features.size()) + " inputs, 1 to " + std::to_string(max_model_features) + " supported");
    for (std::size_t i = 0; i < features.size(); ++i) {
      const Json& f = features[i];
      const std::string p = index_path(join_path(path, "features"), i);
      if (!f.is_string()) fail(p, std::string("must be a string, not ") + kind_name(f.type()));
      try {
        s.features.push_back(parse_feature_name(f.get_ref<const std::string&>()));
      } catch (const Error& e) {
        fail(p, std::string(e.what()).substr(std::strlen("aspmv::parse_feature_name: ")));
      }
    }

    const Json& classes = array(v, path, "classes");
    if (classes.empty() || classes.size() > max_model_classes)
      fail(join_path(path, "classes"),
           std::to_string(classes.size()) + " classes, 1 to " + std::to_string(max_model_classes) + " supported");
    for (std::size_t i = 0; i < classes.size(); ++i) {
      const Json& c = classes[i];
      const std::string p = index_path(join_path(path, "classes"), i);
      if (!c.is_string()) fail(p, std::string("must be a string, not ") + kind_name(c.type()));
      const auto& label = c.get_ref<const std::string&>();
      for (const auto& earlier : s.class_names)
        if (earlier == label) fail(p, "duplicate class label '" + label + "'");
      s.class_names.push_back(label);
    }
    const std::size_t nc = s.class_names.size();

    const std::string& aggregate = string_member(v, path, "aggregate");
    if (aggregate == "sum")
      s.model.aggregate = Aggregate::sum;
    else if (aggregate == "mean")
      s.model.aggregate = Aggregate::mean;
    else
      fail(join_path(path, "aggregate"), R"(must be "sum" or "mean", not ')" + aggregate + "'");
    const std::string& decision = string_member(v, path, "decision");
    if (decision == "le")
      s.model.decision = Decision::le;
    else if (decision == "lt")
      s.model.decision = Decision::lt;
    else
      fail(join_path(path, "decision"), R"(must be "le" or "lt", not ')" + decision + "'");

    const Json& base = array(v, path, "base_score", nc, "one per class");
    for (std::size_t i = 0; i < nc; ++i)
      s.base_score.push_back(finite_number(base[i], index_path(join_path(path, "base_score"), i)));

    if (v.contains("support"))
      read_support(member(v, path, "support", Json::value_t::object), join_path(path, "support"), s);

    const Json& trees = array(v, path, "trees");
    if (trees.empty()) fail(join_path(path, "trees"), "a model needs at least one tree");
    std::vector<TreeExtent> extents;
    for (std::size_t t = 0; t < trees.size(); ++t)
      extents.push_back(read_tree(trees[t], index_path(join_path(path, "trees"), t), nc, s));

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
    s.model.support_lo = ArrayRef<double>(s.support_lo.data(), s.support_lo.size());
    s.model.support_hi = ArrayRef<double>(s.support_hi.data(), s.support_hi.size());
  }

  // "support": {"<feature>": [lo, hi], ...}, exactly one entry per input
  // feature name of the model (any order), lo <= hi, both finite; stored per
  // input, in the order of the model's features.
  void read_support(const Json& support, const std::string& path, LoadedModelTable::ModelStorage& s) const {
    const std::size_t nf = s.features.size();
    std::vector<char> seen(nf, 0);
    s.support_lo.assign(nf, 0.0);
    s.support_hi.assign(nf, 0.0);
    std::string names;
    for (const auto f : s.features) names += (names.empty() ? "" : ", ") + std::string(to_string(f));
    for (auto e = support.begin(); e != support.end(); ++e) {
      const std::string p = join_path(path, e.key());
      bool known = false;
      for (std::size_t i = 0; i < nf; ++i) known = known || e.key() == to_string(s.features[i]);
      if (!known) fail(p, "'" + e.key() + "' is not one of the model's features (" + names + ")");
      const Json& range = e.value();
      if (!range.is_array() || range.size() != 2)
        fail(p, std::string("must be [lo, hi], an array of 2 numbers, not ") +
                    (range.is_array() ? "an array of " + std::to_string(range.size())
                                      : std::string(kind_name(range.type()))));
      const double lo = finite_number(range[0], index_path(p, 0));
      const double hi = finite_number(range[1], index_path(p, 1));
      if (!(lo <= hi)) fail(p, "lo " + range[0].dump() + " is greater than hi " + range[1].dump());
      for (std::size_t i = 0; i < nf; ++i) {
        if (e.key() != to_string(s.features[i])) continue;
        seen[i] = 1;
        s.support_lo[i] = lo;
        s.support_hi[i] = hi;
      }
    }
    for (std::size_t i = 0; i < nf; ++i)
      if (seen[i] == 0)
        fail(path, std::string("no entry for the model's feature '") + to_string(s.features[i]) +
                       "' (one [lo, hi] per input feature)");
  }

  // Where a tree's nodes and values start in its model's arrays.
  struct TreeExtent {
    std::size_t first_node, nodes, first_value, width, class_offset;
  };

  TreeExtent read_tree(const Json& v, const std::string& path, std::size_t num_classes,
                       LoadedModelTable::ModelStorage& s) const {
    if (!v.is_object()) fail(path, std::string("must be an object, not ") + kind_name(v.type()));
    only_keys(v, path, {"feature", "threshold", "left", "right", "value", "width", "class_offset"});
    const Json& feature = array(v, path, "feature");
    const std::size_t n = feature.size();
    if (n == 0) fail(join_path(path, "feature"), "a tree needs at least one node");
    const Json& threshold = array(v, path, "threshold", n, "one per node");
    const Json& left = array(v, path, "left", n, "one per node");
    const Json& right = array(v, path, "right", n, "one per node");
    const Json& width_v = member(v, path, "width", Json::value_t::number_float);
    const Json& offset_v = member(v, path, "class_offset", Json::value_t::number_float);
    const std::int64_t width = integer(width_v, join_path(path, "width"));
    const std::int64_t offset = integer(offset_v, join_path(path, "class_offset"));
    if (width < 1) fail(join_path(path, "width"), "must be at least 1, not " + std::to_string(width));
    if (offset < 0) fail(join_path(path, "class_offset"), "must be at least 0, not " + std::to_string(offset));
    if (offset + width > static_cast<std::int64_t>(num_classes))
      fail(join_path(path, "class_offset"), "class_offset + width = " + std::to_string(offset + width) +
                                                " exceeds the " + std::to_string(num_classes) + " classes");
    const Json& value = array(v, path, "value", n * static_cast<std::size_t>(width), "nodes x width");

    const std::size_t first = s.feature.size();
    const std::size_t first_value = s.value.size();
    const std::size_t nf = s.features.size();
    for (std::size_t k = 0; k < n; ++k) {
      s.feature.push_back(int32(feature[k], index_path(join_path(path, "feature"), k)));
      s.threshold.push_back(finite_number(threshold[k], index_path(join_path(path, "threshold"), k)));
      s.left.push_back(int32(left[k], index_path(join_path(path, "left"), k)));
      s.right.push_back(int32(right[k], index_path(join_path(path, "right"), k)));
    }
    for (std::size_t i = 0; i < value.size(); ++i)
      s.value.push_back(finite_number(value[i], index_path(join_path(path, "value"), i)));

    // Structure: indices in range, children forward, no node reached twice.
    std::vector<char> reached(n, 0);
    reached[0] = 1;
    for (std::size_t k = 0; k < n; ++k) {
      const std::int32_t f = s.feature[first + k];
      if (f < 0) continue;  // a leaf
      if (static_cast<std::size_t>(f) >= nf)
        fail(
            index_path(join_path(path, "feature"), k),
            "feature index " + std::to_string(f) + " out of range (the model has " + std::to_string(nf) + " features)");
      for (const bool is_left : {true, false}) {
        const std::int32_t child = is_left ? s.left[first + k] : s.right[first + k];
        const std::string p = index_path(join_path(path, is_left ? "left" : "right"), k);
        if (child < 0 || static_cast<std::size_t>(child) >= n)
          fail(p, "child " + std::to_string(child) + " of node " + std::to_string(k) + " out of range (the tree has " +
                      std::to_string(n) + " nodes)");
        if (static_cast<std::size_t>(child) <= k)
          fail(p, "child " + std::to_string(child) + " of node " + std::to_string(k) +
                      " does not point forward (a cycle or a shared node)");
        if (reached[k] != 0) {
          if (reached[static_cast<std::size_t>(child)] != 0)
            fail(p, "node " + std::to_string(child) + " is reached twice");
          reached[static_cast<std::size_t>(child)] = 1;
        }
      }
    }
    return TreeExtent{first, n, first_value, static_cast<std::size_t>(width), static_cast<std::size_t>(offset)};
  }

  std::string_view text_;
  std::string source_;
};

std::unique_ptr<LoadedModelTable> parse_model_table(std::string_view text, const std::string& source) {
  return ModelTableReader(text, source).read();
}

std::unique_ptr<LoadedModelTable> load_model_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, std::string("cannot open the model table: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ParseError(path, 0, "cannot read the model table");
  return parse_model_table(text.str(), path);
}

}  // namespace aspmv::predictors
