// aspmv: the command-line tool.
//   aspmv info               build, Kokkos, devices, architecture table
//   aspmv run [matrix ...]   tuned SpMV on the default execution space, checked and timed
//   aspmv bench [matrix ...] every kernel against the vendor and library comparators
//   aspmv bench-forms [...]  transposes and multivectors against cuSPARSE
//   aspmv collect            the measurement collector over a corpus spec
//   aspmv report             the study report (Python) over collector runs
//
// Order matters: usage and `--help` are answered before Kokkos starts (Kokkos
// 3.4's initialize prints its own option list when it sees --help), the
// OpenMP binding is set before the OpenMP runtime reads it, and only then is
// Kokkos initialized, taking the --kokkos-* options it knows.

#include "arg_reader.hpp"
#include "commands.hpp"
#include "environment.hpp"

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

namespace {

// The Kokkos options advertised are those Kokkos 3.4's
// parse_command_line_arguments (core/src/impl/Kokkos_Core.cpp) takes and
// removes; tests/tool checks that `run` and `info` accept each of them.
const char* const usage =
    "usage: aspmv <command> [options]\n"
    "commands:\n"
    "  info                     build, Kokkos configuration, devices, thread binding, architecture table\n"
    "  run [options] [FILE...]  SpMV on each matrix (Matrix Market .mtx[.gz], Harwell-Boeing .rua/.rsa[.gz]);\n"
    "                           no FILE: the built-in demo set\n"
    "  bench [options] [MATRIX...]  every kernel and TpR against cuSPARSE and Kokkos Kernels, interleaved\n"
    "  bench-forms [options] [MATRIX...]  y = A^T x and Y = A X (several vectors) against cuSPARSE\n"
    "  collect --spec F --out D     measurements and features over a corpus (docs/COLLECTOR_FORMAT.md)\n"
    "  report --runs D... --out R   the study report (tables, plots, Markdown) of collector runs (Python)\n"
    "  calibrate [options]      time the strip runtime models' benchmark matrices here and fit the models\n"
    "  rank --strip-models F MATRIX  every format and mapping ranked by predicted time (--measure: and timed)\n"
    "'aspmv <command> --help' lists a command's options.\n"
    "Kokkos options, accepted by every command but report:\n"
    "  --kokkos-threads=N       host threads (OpenMP)\n"
    "  --kokkos-numa=N          NUMA regions used\n"
    "  --kokkos-device-id=N     GPU to run on\n"
    "  --kokkos-disable-warnings\n"
    "  'aspmv --kokkos-help' prints Kokkos' own list.\n"
    "Without OMP_PROC_BIND and OMP_PLACES, aspmv binds its OpenMP threads (spread, threads; see 'aspmv info').\n";

struct Command {
  const char* name;
  const char* usage;
  int (*run)(const aspmv::app::Args&);
};

const Command commands[] = {{"info", aspmv::app::info_usage, aspmv::app::command_info},
                            {"run", aspmv::app::run_usage, aspmv::app::command_run},
                            {"bench", aspmv::app::bench_usage, aspmv::app::command_bench},
                            {"bench-forms", aspmv::app::bench_forms_usage, aspmv::app::command_bench_forms},
                            {"collect", aspmv::app::collect_usage, aspmv::app::command_collect},
                            {"report", aspmv::app::report_usage, aspmv::app::command_report},
                            {"calibrate", aspmv::app::calibrate_usage, aspmv::app::command_calibrate},
                            {"rank", aspmv::app::rank_usage, aspmv::app::command_rank}};

bool is_kokkos_option(const char* a) { return std::strncmp(a, "--kokkos-", 9) == 0; }
bool is_help(const char* a) { return !std::strcmp(a, "-h") || !std::strcmp(a, "--help"); }

// Kokkos 3.4 calls std::stoi on the value of its integer options before it
// checks them: "--kokkos-threads=x" would end in "stoi". Checked here instead.
const char* bad_kokkos_integer(const char* a) {
  for (const char* name : {"--kokkos-threads", "--kokkos-numa", "--kokkos-device-id", "--kokkos-device"}) {
    const std::size_t n = std::strlen(name);
    if (std::strncmp(a, name, n) != 0 || (a[n] != '\0' && a[n] != '=')) continue;
    if (a[n] != '=' || a[n + 1] == '\0') return name;
    for (const char* c = a + n + 1; *c; ++c)
      if (*c < '0' || *c > '9') return name;
  }
  return nullptr;
}

// Kokkos prints its option list itself while it initializes.
int kokkos_help(char* argv0) {
  char option[] = "--kokkos-help";
  char* args[] = {argv0, option, nullptr};
  int n = 2;
  Kokkos::initialize(n, args);
  Kokkos::finalize();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  // The command is the first argument that is not a Kokkos option.
  int at = 1;
  while (at < argc && is_kokkos_option(argv[at]) && std::strcmp(argv[at], "--kokkos-help") != 0) ++at;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--kokkos-help")) return kokkos_help(argv[0]);
  if (at >= argc || is_help(argv[at]) || !std::strcmp(argv[at], "help")) {
    std::fputs(usage, at >= argc ? stderr : stdout);
    return at >= argc ? 2 : 0;
  }
  const std::string name = argv[at];
  const Command* command = nullptr;
  for (const auto& c : commands)
    if (name == c.name) command = &c;
  if (command == nullptr) {
    std::fprintf(stderr, "aspmv: unknown command '%s'\n%s", name.c_str(), usage);
    return 2;
  }
  for (int i = at + 1; i < argc; ++i)
    if (is_help(argv[i])) {
      std::fputs(command->usage, stdout);
      return 0;
    }

  auto fail = [&](const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "aspmv %s: %s\n", command->name, aspmv::app::without_call_prefix(e.what()).c_str());
    return 1;
  };
  if (name == "report") {  // Python: no Kokkos needed
    try {
      return command->run(aspmv::app::Args(argv + at + 1, argv + argc));
    } catch (const std::exception& e) {
      return fail(e);
    }
  }

  for (int i = 1; i < argc; ++i)
    if (const char* option = bad_kokkos_integer(argv[i])) {
      std::fprintf(stderr, "aspmv %s: %s expects '=N', N a non-negative integer; got '%s'\n", command->name, option,
                   argv[i]);
      return 2;
    }
  aspmv::app::bind_openmp_threads_by_default(argv);  // may run the tool again, bound
  int rc = 0;
  try {
    Kokkos::initialize(argc, argv);    // removes the --kokkos-* options it knows
  } catch (const std::exception& e) {  // a malformed Kokkos option, e.g. --kokkos-num-devices=x
    return fail(e);
  }
  {
    aspmv::app::Args args;
    bool seen = false;
    for (int i = 1; i < argc; ++i) {
      if (!seen && name == argv[i]) {
        seen = true;
        continue;
      }
      args.emplace_back(argv[i]);
    }
    try {
      rc = command->run(args);
    } catch (const std::exception& e) {
      rc = fail(e);
    }
  }
  Kokkos::finalize();
  return rc;
}
