#pragma once
// The aspmv tool's commands. Each takes the arguments after its name (the
// --kokkos-* ones already taken by Kokkos::initialize) and returns the
// process exit code; its usage text is printed by `aspmv <command> --help`
// before Kokkos starts.

#include <string>
#include <vector>

namespace aspmv::app {

using Args = std::vector<std::string>;

int command_info(const Args& args);
int command_run(const Args& args);
int command_bench(const Args& args);
int command_bench_forms(const Args& args);
int command_collect(const Args& args);
int command_report(const Args& args);
int command_calibrate(const Args& args);
int command_rank(const Args& args);

extern const char* const info_usage;
extern const char* const run_usage;
extern const char* const bench_usage;
extern const char* const bench_forms_usage;
extern const char* const collect_usage;
extern const char* const report_usage;
extern const char* const calibrate_usage;
extern const char* const rank_usage;

}  // namespace aspmv::app
