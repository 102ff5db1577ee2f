// aspmv: the command-line tool.
//   aspmv info               build, Kokkos, devices, architecture table
//   aspmv run [matrix ...]   tuned SpMV on the default execution space, checked and timed
//   aspmv bench [matrix ...] every kernel against the vendor and library comparators
//   aspmv collect            the measurement collector over a corpus spec

#include "commands.hpp"

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

namespace {

const char* const usage =
    "usage: aspmv <command> [options]\n"
    "commands:\n"
    "  info                     build, Kokkos configuration, devices, architecture table\n"
    "  run [options] [FILE...]  SpMV on each matrix (Matrix Market .mtx[.gz], Harwell-Boeing .rua/.rsa[.gz]);\n"
    "                           no FILE: the built-in demo set. 'aspmv run --help' lists the options.\n"
    "  bench [options] [MATRIX...]  every kernel and TpR against cuSPARSE and Kokkos Kernels, interleaved\n"
    "  collect --spec F --out D     measurements and features over a corpus (docs/COLLECTOR_FORMAT.md)\n"
    "  report --runs D... --out R   the study report (tables, plots, Markdown) of collector runs\n"
    "Kokkos options (--kokkos-num-threads=N, --kokkos-device-id=N, ...) may follow.\n";

}  // namespace

int main(int argc, char* argv[]) {
  if (argc < 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
    std::fputs(usage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  if (command == "report") {  // Python: no Kokkos needed
    try {
      aspmv::app::Args args(argv + 2, argv + argc);
      return aspmv::app::command_report(args);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aspmv report: %s\n", e.what());
      return 1;
    }
  }
  int rc = 0;
  Kokkos::initialize(argc, argv);  // removes the --kokkos-* arguments it knows
  {
    aspmv::app::Args args;
    for (int i = 2; i < argc; ++i) args.emplace_back(argv[i]);
    try {
      if (command == "info")
        rc = aspmv::app::command_info(args);
      else if (command == "run")
        rc = aspmv::app::command_run(args);
      else if (command == "bench")
        rc = aspmv::app::command_bench(args);
      else if (command == "collect")
        rc = aspmv::app::command_collect(args);
      else {
        std::fprintf(stderr, "aspmv: unknown command '%s'\n%s", command.c_str(), usage);
        rc = 2;
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aspmv %s: %s\n", command.c_str(), e.what());
      rc = 1;
    }
  }
  Kokkos::finalize();
  return rc;
}
