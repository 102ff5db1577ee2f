// Catch2 main of the Tpetra tests: Tpetra::ScopeGuard initializes MPI and
// Kokkos around the session (mpirun starts one session per rank).

#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <Tpetra_Core.hpp>

int main(int argc, char* argv[]) {
  Tpetra::ScopeGuard tpetra(&argc, &argv);
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;
  return session.run();
}
