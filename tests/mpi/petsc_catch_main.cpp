// The aspmv::petsc tests' main: PETSc (and MPI) first, then Kokkos, which
// the hooked products run on; finalized in reverse. Every rank runs the
// same tests in the same order, so the collectives inside them pair up.

#define CATCH_CONFIG_RUNNER

#include <Kokkos_Core.hpp>
#include <petscsys.h>

#include <catch2/catch.hpp>

int main(int argc, char** argv) {
  // PETSc reads the command line too: give it none of Catch's arguments.
  int petsc_argc = 1;
  char** petsc_argv = argv;
  PetscCall(PetscInitialize(&petsc_argc, &petsc_argv, nullptr, nullptr));
  int failed = 0;
  {
    Kokkos::ScopeGuard kokkos(petsc_argc, petsc_argv);
    failed = Catch::Session().run(argc, argv);
  }
  PetscCall(PetscFinalize());
  return failed;
}
