// Text form of a plan summary (see plan_summary.hpp).

#include <aspmv/plan_summary.hpp>

#include <iomanip>
#include <sstream>

namespace aspmv {

std::string GroupSummary::label() const {
  std::string l = to_string(kernel);
  if (role != GroupRole::all_rows) l += std::string(":") + to_string(role);
  if (tpr > 0 && role != GroupRole::long_rows) l += "<" + std::to_string(tpr) + ">";
  return l;
}

std::string ModelVerdict::text() const {
  std::ostringstream o;
  o << std::setprecision(3);
  o << model << " (" << algorithm << "): " << label;
  if (regret)
    o << "; expected time vs the best:";
  else
    o << ", p " << confidence << "; alternatives:";
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    if (!regret && i == 0) continue;  // the choice itself, shown above
    o << (i > (regret ? 0u : 1u) ? ", " : " ") << ranked[i].label << (regret ? " x" : " p ") << ranked[i].value;
  }
  if (!regret && ranked.size() < 2) o << " none";
  if (!overruled.empty()) o << "; overruled: " << overruled;
  return o.str();
}

std::string RuntimeForecast::text() const {
  std::ostringstream o;
  o << std::setprecision(3);
  if (!pick.empty())
    o << pick << " " << pick_seconds * 1e6 << " us per call";
  else
    o << "the plan's kernel is not one of its configurations";
  if (!runner_up.empty())
    o << (pick.empty() ? "; fastest predicted " : "; runner-up ") << runner_up << " " << runner_up_seconds * 1e6
      << " us";
  return o.str();
}

std::string hardware_parameters_text(const std::string& arch_status) {
  if (arch_status == "measured") return "hardware parameters measured";
  if (arch_status == "placeholder") return "hardware parameters placeholder (not measured)";
  if (arch_status == "defaults") return "hardware parameters defaults (published or hand-chosen, not measured here)";
  return "hardware parameters " + arch_status;
}

std::string PlanSummary::describe() const {
  std::ostringstream o;
  o << std::setprecision(4);
  o << "aspmv plan: " << to_string(kernel) << " (" << why << ")\n";
  o << "  matrix: " << stats.rows << " x " << stats.cols << ", " << stats.nnz << " nonzeros, " << value_type
    << " values, " << offset_type << " offsets, on " << execution_space << "\n";
  if (mode == Mode::transpose)
    o << "  operator: A^T (the matrix above), built from A on the device in " << transpose_seconds * 1e3 << " ms\n";
  if (features_gathered)
    o << "  row lengths: min " << stats.min << ", max " << stats.max << ", mean " << stats.mean << ", var " << stats.var
      << ", cov " << stats.cov() << "\n";
  else
    o << "  features: known only (m, n, nnz)\n";
  o << "  expected calls " << expected_calls << (deterministic ? ", deterministic" : "") << "\n";
  // One statement: the architecture table's hardware parameters, then the
  // model table that chose (its own status), never two bare statuses.
  o << "  architecture " << arch << ": " << hardware_parameters_text(arch_status)
    << "; models: " << (model_table.empty() ? std::string("not asked (the rules choose)") : model_table) << "\n";
  for (const auto& v : verdicts) o << "    " << v.text() << "\n";
  if (!guard.empty()) o << "  guard: " << guard << "\n";
  if (const RuntimeForecast f = forecast(); !f.empty()) o << "  runtime model (predicted): " << f.text() << "\n";
  if (!partition.empty()) {
    std::int64_t long_blocks = 0;
    for (const auto& b : partition) long_blocks += b.is_long ? 1 : 0;
    o << "  partition (Gao Algorithm 1): " << partition.size() << " blocks, " << long_blocks << " long\n";
    const std::size_t shown = partition.size() <= 12 ? partition.size() : 12;
    for (std::size_t i = 0; i < shown; ++i) {
      const auto& b = partition[i];
      o << "    block " << i << ": rows [" << b.row_begin << ", " << b.row_end << "), " << b.nnz << " nnz, "
        << (b.is_long ? "long" : "short") << "\n";
    }
    if (shown < partition.size()) o << "    ... " << partition.size() - shown << " more\n";
  }
  o << "  dispatch groups: " << groups.size() << "\n";
  for (const auto& g : groups) {
    o << "    " << g.label();
    o << ": team " << g.team_size << ", " << g.teams << " teams, " << g.blocks << " blocks, " << g.rows << " rows, "
      << g.nnz << " nnz";
    if (!g.detail.empty()) o << " - " << g.detail;
    o << "\n";
  }
  o << "  analysis: " << analysis_seconds * 1e3 << " ms (features " << features_seconds * 1e3 << " ms, setup "
    << setup_seconds * 1e3 << " ms" << (mode == Mode::transpose ? ", after the transpose" : "") << ")\n";
  return o.str();
}

}  // namespace aspmv
