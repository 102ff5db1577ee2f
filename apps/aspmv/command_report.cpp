// aspmv report: the study report (Python, the aspmv_report package) over one
// or more collector runs. Runs the project's Python environment
// (scripts/python_env.sh makes it in ~/.cache/aspmv/venv; ASPMV_PYTHON
// overrides) on the package installed beside the tool (<data>/python,
// environment.hpp; ASPMV_REPORT_DIR overrides). The package itself says what
// to run when that Python lacks pandas or matplotlib.

#include "commands.hpp"
#include "environment.hpp"

#include <aspmv/error.hpp>

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace aspmv::app {

const char* const report_usage =
    "usage: aspmv report --runs RUN_DIR [RUN_DIR...] --out OUT_DIR [--title T] [--baseline-tpr N]\n"
    "  --runs RUN_DIR...   collector run folders (aspmv collect); for a row present in several,\n"
    "                      the first given wins\n"
    "  --out OUT_DIR       output folder: README.md, tables/, figures/\n"
    "  --title T           title of README.md (default: aspmv study report)\n"
    "  --baseline-tpr N    CSR-vector TpR of the speedup baseline (default 16, as Gao)\n"
    "Needs Python 3 with pandas and matplotlib: ASPMV_PYTHON, else ~/.cache/aspmv/venv (made by the\n"
    "source tree's scripts/python_env.sh), else python3. Metrics: docs/METRICS.md.\n";

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
  return data_dir() + "/python";
}
}  // namespace

int command_report(const Args& args) {
  const std::string py = python();
  const std::string dir = report_dir();
  if (access((dir + "/aspmv_report/__main__.py").c_str(), R_OK) != 0)
    throw Error("the report's Python package is missing: no " + dir + "/aspmv_report (reinstall aspmv)");
  std::string path = dir;
  if (const char* old = std::getenv("PYTHONPATH")) path += std::string(":") + old;
  setenv("PYTHONPATH", path.c_str(), 1);
  setenv("ASPMV_REPORT_PROG", "aspmv report", 1);  // the name its usage and errors give
  std::vector<std::string> argv_s{py, "-m", "aspmv_report"};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  throw Error("cannot run " + py + " (" + std::strerror(errno) +
              "): the report needs Python 3 with pandas and matplotlib. From the aspmv source tree, "
              "scripts/python_env.sh makes ~/.cache/aspmv/venv, which aspmv report then uses; or "
              "set ASPMV_PYTHON to a Python with the packages of " +
              dir + "/requirements.txt");
}

}  // namespace aspmv::app
