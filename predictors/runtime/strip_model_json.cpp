// Reading and writing strip-model files (strip_model_json.hpp).

#include <predictors/json_document.hpp>
#include <predictors/runtime/strip_model_json.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace aspmv::predictors::runtime {

namespace {

using json::Json;

Json pair_of(const LinearFit& f) { return Json::array({f.slope, f.intercept}); }

class Reader {
 public:
  Reader(const std::string& text, const std::string& source) : text_(text), source_(source) {}

  [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
    throw ParseError(source_, json::line_of(text_, path), (path.empty() ? "" : path + ": ") + problem);
  }
  const Json& member(const Json& o, const std::string& path, const std::string& key) const {
    const auto it = o.find(key);
    if (it == o.end()) fail(path, "missing member '" + key + "'");
    return *it;
  }
  void only(const Json& o, const std::string& path, const std::set<std::string>& keys) const {
    if (!o.is_object()) fail(path, std::string("expected an object, got ") + json::kind_name(o.type()));
    for (const auto& [k, v] : o.items())
      if (!keys.count(k)) fail(json::join_path(path, k), "unknown member");
  }
  double number(const Json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, std::string("expected a number, got ") + json::kind_name(v.type()));
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(path, "not finite");
    return d;
  }
  std::int64_t integer(const Json& v, const std::string& path, std::int64_t min) const {
    if (!v.is_number_integer()) fail(path, std::string("expected an integer, got ") + json::kind_name(v.type()));
    const auto i = v.get<std::int64_t>();
    if (i < min) fail(path, "must be >= " + std::to_string(min));
    return i;
  }
  std::string string(const Json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, std::string("expected a string, got ") + json::kind_name(v.type()));
    return v.get<std::string>();
  }
  LinearFit fit(const Json& v, const std::string& path) const {
    if (!v.is_array() || v.size() != 2) fail(path, "expected [slope, intercept]");
    return {number(v[0], json::index_path(path, 0)), number(v[1], json::index_path(path, 1))};
  }

 private:
  const std::string& text_;
  const std::string& source_;
};

}  // namespace

std::string to_json_text(const StripModelFile& f) {
  Json root;
  root["schema"] = strip_models_schema;
  root["device"] = f.device;
  root["arch"] = f.arch;
  root["value"] = f.value;
  root["compute_units"] = f.compute_units;
  root["threads_per_unit"] = f.threads_per_unit;
  root["command"] = f.command;
  Json models = Json::array();
  for (const auto& m : f.models) {
    Json j;
    j["label"] = m.label;
    j["mapping"] = to_string(m.mapping);
    j["distribution"] = m.distribution;
    j["strip_rows"] = m.strip_rows;
    j["f"] = pair_of(m.f);
    j["e"] = pair_of(m.e);
    j["t_low"] = pair_of(m.t_low);
    j["t_high"] = pair_of(m.t_high);
    j["setup"] = pair_of(m.setup);
    j["p1"] = m.p1;
    j["split"] = m.split;
    j["t0"] = m.t0;
    j["i1"] = m.i1;
    Json s = Json::array();
    for (const auto& x : m.samples) s.push_back(Json::array({x.strips, x.pnz, x.seconds, x.setup_seconds, x.nnz}));
    j["samples"] = s;
    models.push_back(j);
  }
  root["models"] = models;
  return root.dump(1) + "\n";
}

StripModelFile parse_strip_models(const std::string& text, const std::string& source) {
  const auto doc = json::parse(text, source);
  const Reader r(text, source);
  const Json& root = doc.value;
  r.only(root, "", {"schema", "device", "arch", "value", "compute_units", "threads_per_unit", "command", "models"});
  if (r.string(r.member(root, "", "schema"), "schema") != strip_models_schema)
    r.fail("schema", std::string("expected \"") + strip_models_schema + "\"");
  StripModelFile f;
  f.device = r.string(r.member(root, "", "device"), "device");
  f.arch = r.string(r.member(root, "", "arch"), "arch");
  f.value = r.string(r.member(root, "", "value"), "value");
  if (f.value != "double" && f.value != "float") r.fail("value", "expected \"double\" or \"float\"");
  f.compute_units = static_cast<int>(r.integer(r.member(root, "", "compute_units"), "compute_units", 1));
  f.threads_per_unit = static_cast<int>(r.integer(r.member(root, "", "threads_per_unit"), "threads_per_unit", 1));
  f.command = r.string(r.member(root, "", "command"), "command");
  const Json& models = r.member(root, "", "models");
  if (!models.is_array()) r.fail("models", "expected an array");
  for (std::size_t i = 0; i < models.size(); ++i) {
    const std::string p = json::index_path("models", i);
    const Json& j = models[i];
    r.only(j, p,
           {"label", "mapping", "distribution", "strip_rows", "f", "e", "t_low", "t_high", "setup", "p1", "split", "t0",
            "i1", "samples"});
    StripModel m;
    auto at = [&](const char* k) -> const Json& { return r.member(j, p, k); };
    auto path = [&](const char* k) { return json::join_path(p, k); };
    m.label = r.string(at("label"), path("label"));
    try {
      m.mapping = parse_strip_mapping(r.string(at("mapping"), path("mapping")));
    } catch (const Error& e) {
      r.fail(path("mapping"), e.what());
    }
    m.distribution = r.string(at("distribution"), path("distribution"));
    m.strip_rows = r.integer(at("strip_rows"), path("strip_rows"), 1);
    m.f = r.fit(at("f"), path("f"));
    m.e = r.fit(at("e"), path("e"));
    m.t_low = r.fit(at("t_low"), path("t_low"));
    m.t_high = r.fit(at("t_high"), path("t_high"));
    m.setup = r.fit(at("setup"), path("setup"));
    m.p1 = r.number(at("p1"), path("p1"));
    m.split = r.number(at("split"), path("split"));
    m.t0 = r.number(at("t0"), path("t0"));
    m.i1 = r.integer(at("i1"), path("i1"), 0);
    const Json& s = at("samples");
    if (!s.is_array()) r.fail(path("samples"), "expected an array");
    for (std::size_t k = 0; k < s.size(); ++k) {
      const std::string sp = json::index_path(path("samples"), k);
      if (!s[k].is_array() || s[k].size() != 5) r.fail(sp, "expected [strips, pnz, seconds, setup_seconds, nnz]");
      StripSample x;
      x.strips = r.integer(s[k][0], json::index_path(sp, 0), 1);
      x.pnz = r.number(s[k][1], json::index_path(sp, 1));
      x.seconds = r.number(s[k][2], json::index_path(sp, 2));
      x.setup_seconds = r.number(s[k][3], json::index_path(sp, 3));
      x.nnz = r.integer(s[k][4], json::index_path(sp, 4), 0);
      m.samples.push_back(x);
    }
    f.models.push_back(std::move(m));
  }
  return f;
}

StripModelFile read_strip_models(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("aspmv: cannot read strip models '" + path + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return parse_strip_models(s.str(), path);
}

}  // namespace aspmv::predictors::runtime
