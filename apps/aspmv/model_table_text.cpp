// See model_table_text.hpp.

#include "model_table_text.hpp"

#include <predictors/active_model_table.hpp>
#include <predictors/json_document.hpp>
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
}  // namespace

std::string describe_model_table() {
  const pr::ModelTable& t = pr::active_model_table();
  std::ostringstream o;
  const char* file = std::getenv(pr::model_file_variable);
  const bool from_file = file != nullptr && *file != '\0' && pr::active_model_table_warning().empty();
  o << "model table " << t.arch << " (" << pr::to_string(t.status) << "), "
    << (from_file ? std::string(pr::model_file_variable) + "=" : std::string("compiled in from ")) << t.source_file;
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
      o << "rule";
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
