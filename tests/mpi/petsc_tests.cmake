# aspmv::petsc's tests (included by tests/mpi/CMakeLists.txt when the
# component is built): one binary with its own main (PetscInitialize, then
# Kokkos), run at 1, 2 and 4 ranks.

add_executable(aspmv_petsc_tests petsc_catch_main.cpp test_petsc_support.cpp test_petsc_products.cpp
                                 test_petsc_changes.cpp test_petsc_ksp.cpp test_petsc_errors.cpp)
target_include_directories(aspmv_petsc_tests PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aspmv_petsc_tests PRIVATE aspmv::petsc Catch2::Catch2)
aspmv_add_mpi_test(aspmv_petsc_tests petsc)
