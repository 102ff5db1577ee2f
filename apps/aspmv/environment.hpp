#pragma once
// What the tool takes from where it runs: its data folder, found from its own
// executable so that an installed (or moved) tool uses installed files only,
// and the OpenMP thread binding it sets when the user set none.

#include <string>

namespace aspmv::app {

// The tool's data folder (demo/, python/): ASPMV_DATA_RELATIVE from the
// folder of the executable (/proc/self/exe). Installed: <prefix>/share/aspmv;
// in a build tree: <build>/share/aspmv, which configure fills with links to
// the sources (apps/CMakeLists.txt).
std::string data_dir();

// Whether this build runs host threads through OpenMP.
bool uses_openmp();

// Call first in main, before Kokkos::initialize. When this build uses OpenMP
// and the user set neither OMP_PROC_BIND nor OMP_PLACES, sets
// OMP_PROC_BIND=spread and OMP_PLACES=threads and runs the tool again
// (execv of /proc/self/exe with the same arguments): the OpenMP runtime reads
// both when it is loaded, before main, so setting them in this process would
// only silence Kokkos' warning. Returns when nothing had to be done or the
// exec failed (then the threads stay unbound and Kokkos warns, as before).
void bind_openmp_threads_by_default(char* argv[]);

// One line for `aspmv info`: the binding in effect, and who set it.
std::string openmp_binding_description();

}  // namespace aspmv::app
