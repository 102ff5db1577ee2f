// See model_table_text.hpp.

#include "model_table_text.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/plan_summary.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/json_document.hpp>
#include <predictors/model_choice.hpp>
#include <predictors/model_table.hpp>

#include <cstdlib>
#include <sstream>

namespace aspmv::app {

namespace {
namespace pr = aspmv::predictors;

// provenance.<key> when it is a string, else "".
std::string provenance_string(const pr::json::Json& provenance, const char* key) {
  const auto v = provenance.find(key);
  return v != provenance.end() && v->is_string() ? v->get<std::string>() : std::string();
}

// Whether the active table is ASPMV_MODEL_FILE's (a file that did not load
// leaves the compiled-in table, with a warning).
bool from_model_file() {
  const char* file = std::getenv(pr::model_file_variable);
  return file != nullptr && *file != '\0' && pr::active_model_table_warning().empty();
}
}  // namespace

std::string describe_architecture(bool rules_only, bool is_gpu, const std::string& space) {
  const ArchTable& a = arch_table();
  const pr::ModelTable& t = pr::active_model_table();
  std::ostringstream o;
  o << "architecture " << a.arch << ": " << hardware_parameters_text(a.provenance.status) << ", models ";
  if (rules_only) {
    o << "not asked (--rules: the rules choose)";
    return o.str();
  }
  if (std::string(t.arch) != a.arch) o << "of " << t.arch << " ";
  const std::string file =
      from_model_file() ? std::string(pr::model_file_variable) + "=" + t.source_file : std::string(t.source_file);
  if (t.status != pr::TableStatus::trained) {
    o << pr::to_string(t.status) << " (" << file << "): the rules choose";
    return o.str();
  }
  o << "trained";
  try {
    const auto provenance = pr::json::parse(t.provenance, "provenance").value;
    const std::string device = provenance_string(provenance, "device");
    const std::string trained_at = provenance_string(provenance, "trained_at");
    if (!device.empty()) o << " on " << device;
    if (!trained_at.empty()) o << " at " << trained_at;
  } catch (const std::exception&) {  // the provenance is information only; describe_model_table() says more
  }
  o << " (" << file << ")";
  if (!pr::table_applies(t, is_gpu, a.backend))
    o << ", but for " << a.backend << ", not for " << space << ": the rules choose";
  return o.str();
}

std::string describe_model_table() {
  const pr::ModelTable& t = pr::active_model_table();
  std::ostringstream o;
  o << "model table " << t.arch << " (" << pr::to_string(t.status) << "), "
    << (from_model_file() ? std::string(pr::model_file_variable) + "=" : std::string("compiled in from "))
    << t.source_file;
  if (*t.source_sha256 != '\0') o << ", sha256 " << std::string(t.source_sha256).substr(0, 12);
  o << "\n";
  try {
    const auto provenance = pr::json::parse(t.provenance, "provenance").value;
    for (const char* key : {"device", "measurement_date", "measurement_commit", "trained_at", "training_commit"}) {
      const std::string v = provenance_string(provenance, key);
      if (!v.empty()) o << "  " << key << ": " << v << "\n";
    }
  } catch (const std::exception& e) {
    o << "  provenance: unreadable (" << e.what() << ")\n";
  }
  if (*t.summary != '\0') o << "  summary: " << t.summary << "\n";
  o << "  decisions:";
  for (const auto name : pr::all_model_names) {
    const pr::Model* m = t.find(name);
    o << "\n    " << pr::to_string(name) << ": ";
    if (m == nullptr) {
      o << (name == pr::ModelName::runtime ? "none (describe() predicts no times)" : "rule");
      continue;
    }
    o << m->algorithm << ", " << m->trees.size() << (m->trees.size() == 1 ? " tree, " : " trees, ")
      << m->features.size() << " features, " << m->classes.size() << " classes";
  }
  const std::string warning = pr::active_model_table_warning();
  if (!warning.empty()) o << "\n  " << warning;
  return o.str();
}

}  // namespace aspmv::app
