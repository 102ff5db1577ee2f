// Catch2 main for every aspmv test binary: Kokkos is initialized around the
// session, except when Catch2 only lists tests (CTest's discovery runs the
// binary at build time, also on machines without the build's GPU).

#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <Kokkos_Core.hpp>

int main(int argc, char* argv[]) {
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;
  const auto& cfg = session.configData();
  const bool listing = cfg.listTests || cfg.listTestNamesOnly || cfg.listTags || cfg.listReporters;
  if (listing) return session.run();
  Kokkos::initialize(argc, argv);
  int result = 0;
  { result = session.run(); }
  Kokkos::finalize();
  return result;
}
