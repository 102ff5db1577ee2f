#pragma once
// The tables as the tool prints them: one statement that tells the
// architecture table's hardware parameters from the models that choose
// kernel and TpR (`aspmv run`, `aspmv info`), and the active model table in
// full: file, status, the provenance that says where it comes from, and each
// decision's model (`aspmv info`).

#include <string>

namespace aspmv::app {

// "architecture cpu-x86: hardware parameters placeholder (not measured),
// models trained on Intel(R) Xeon(R) Processor (OpenMP, double) at
// 2026-11-25T12:02:45Z (tuning_data/cpu-x86/model.json)": the hardware
// parameters' status (measured, or defaults / placeholders) and, apart, the
// models': trained (on what, when, which file), untrained (the rules choose)
// or not asked (`rules_only`: aspmv run --rules). `is_gpu` and `space`: the
// execution space the plans are made for (a table trained for another kind
// of device leaves the choice to the rules, as the planner does).
std::string describe_architecture(bool rules_only, bool is_gpu, const std::string& space);

std::string describe_model_table();

}  // namespace aspmv::app
