#pragma once
// The aspmv tool's commands. Each takes the arguments after its name and
// returns the process exit code.

#include <string>
#include <vector>

namespace aspmv::app {

using Args = std::vector<std::string>;

int command_info(const Args& args);
int command_run(const Args& args);
int command_bench(const Args& args);
int command_collect(const Args& args);
int command_report(const Args& args);

}  // namespace aspmv::app
