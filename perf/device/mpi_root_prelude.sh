# The start of a device call that runs MPI programs on the device machine's host, which has no MPI and reaches no
# mirror: the Debian packages a binary loads, packed with it by
# perf/results/cpu-x86/2026-12-04-scale-out/pack_mpi_root.sh into a carried DIR (root.tar.xz), unpacked once under
# /tmp/r (never over /) while the machine stays warm. Sourced from the repository root:
#   source perf/device/mpi_root_prelude.sh DIR
# Sets start, R ($OUT/r, created), note MSG (as perf/device/call_prelude.sh), LD_LIBRARY_PATH, PATH and OPAL_PREFIX
# into /tmp/r, and OpenMPI's settings for one host as root (shared memory only).
set -u
start=$SECONDS
R=$OUT/r
mkdir -p "$R"
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
[ -x /tmp/r/usr/bin/orterun ] || { mkdir -p /tmp/r && tar -xJf "$1/root.tar.xz" -C /tmp/r; } || exit 3
L=/tmp/r/usr/lib/x86_64-linux-gnu
export LD_LIBRARY_PATH=$L:$L/blas:$L/lapack:$L/openmpi/lib:$L/hdf5/openmpi:${LD_LIBRARY_PATH:-}
export OPAL_PREFIX=/tmp/r/usr PATH=/tmp/r/usr/bin:$PATH PMIX_MCA_pcompress_base_silence_warning=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_osc=^ucx OMPI_MCA_mtl=^ofi
