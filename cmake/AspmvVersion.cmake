# Run at build time (cmake -P): writes aspmv/version.hpp with the commit the
# build is made from ("-dirty" when the tree has uncommitted changes), so
# measurements stamp the code they really ran. Rewritten only when it changes.
# Inputs: SRC (source dir), IN (template), OUT, PROJECT_VERSION*, ASPMV_BACKEND, ASPMV_ARCH.
set(ASPMV_GIT_COMMIT "unknown")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SRC}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" describe --always --dirty --abbrev=12 WORKING_DIRECTORY "${SRC}"
                  OUTPUT_VARIABLE _commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _rc)
  if(_rc EQUAL 0 AND _commit)
    set(ASPMV_GIT_COMMIT "${_commit}")
  endif()
endif()
configure_file("${IN}" "${OUT}" @ONLY)
