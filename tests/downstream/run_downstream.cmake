# Script behind the downstream_find_package test (see CMakeLists.txt).

file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${ASPMV_BUILD_DIR}" --prefix "${WORK_DIR}/prefix"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "installing aspmv failed")
endif()
# The downstream project's own Belos (the examples' solver), where aspmv's build found it: a user of a
# source-built Trilinos names it the same way.
set(extra)
if(BELOS_DIR)
  list(APPEND extra -DBelos_DIR=${BELOS_DIR})
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
                        -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DKokkos_ROOT=${KOKKOS_ROOT}
                        ${extra}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the downstream project failed")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/build" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the downstream project failed")
endif()
if(RUN)
  execute_process(COMMAND "${WORK_DIR}/build/downstream" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the downstream program failed")
  endif()
endif()
