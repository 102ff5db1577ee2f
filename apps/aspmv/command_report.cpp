// aspmv report: the study report (Python, perf/report/aspmv_report) over one
// or more collector runs. Runs the project's Python environment
// (scripts/python_env.sh; ASPMV_PYTHON overrides) on the report package.

#include "commands.hpp"

#include <aspmv/error.hpp>

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace aspmv::app {

namespace {
bool executable(const std::string& path) { return !path.empty() && access(path.c_str(), X_OK) == 0; }

std::string python() {
  if (const char* p = std::getenv("ASPMV_PYTHON")) return p;
  std::string cache;
  if (const char* c = std::getenv("ASPMV_CACHE_DIR"))
    cache = c;
  else if (const char* x = std::getenv("XDG_CACHE_HOME"))
    cache = std::string(x) + "/aspmv";
  else if (const char* h = std::getenv("HOME"))
    cache = std::string(h) + "/.cache/aspmv";
  const std::string venv = cache + "/venv/bin/python";
  return executable(venv) ? venv : "python3";
}

std::string report_dir() {
  if (const char* d = std::getenv("ASPMV_REPORT_DIR")) return d;
  return ASPMV_REPORT_DIR;
}
}  // namespace

int command_report(const Args& args) {
  const std::string py = python();
  std::string path = report_dir();
  if (const char* old = std::getenv("PYTHONPATH")) path += std::string(":") + old;
  setenv("PYTHONPATH", path.c_str(), 1);
  std::vector<std::string> argv_s{py, "-m", "aspmv_report"};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  throw Error("cannot run " + py + " (set ASPMV_PYTHON, or run scripts/python_env.sh)");
}

}  // namespace aspmv::app
