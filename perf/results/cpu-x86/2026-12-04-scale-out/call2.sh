#!/usr/bin/env bash
# Call 2 (the device machine's host, 2026-12-04 fourth session, issue 23): the Tpetra operator's import with
# nonblocking sends (the Distributor's "Send type" Isend; .device/mpi2: this change) against the same operator with
# Tpetra's default blocking MPI_Send (.device/mpi: 85d2a89, call 1's binary), each against stock Tpetra in its own
# process, at 1, 2, 4, 8 and 16 ranks. The packages as in call 1 (pack_mpi_root.sh).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
[ -x /tmp/r/usr/bin/orterun ] || { mkdir -p /tmp/r && tar -xJf .device/mpi/root.tar.xz -C /tmp/r; }
L=/tmp/r/usr/lib/x86_64-linux-gnu
export LD_LIBRARY_PATH=$L:$L/blas:$L/lapack:$L/openmpi/lib:$L/hdf5/openmpi:${LD_LIBRARY_PATH:-}
export OPAL_PREFIX=/tmp/r/usr PATH=/tmp/r/usr/bin:$PATH PMIX_MCA_pcompress_base_silence_warning=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_osc=^ucx OMPI_MCA_mtl=^ofi
MPIRUN=/tmp/r/usr/bin/mpirun.openmpi
for m in stencil3d-27pt-100 stencil3d-27pt-40 band-r200000-w100-m30-seed7 chunglu-r200000-m10-g2.2-seed4; do
  for np in 4 2 8 16 1; do
    for b in isend send; do
      B=.device/mpi2/aspmv-scale-out; [ $b = send ] && B=.device/mpi/aspmv-scale-out
      if (( SECONDS - start > ${DEADLINE_S:-480} )); then note "not run (time): $m $np $b"; continue; fi
      timeout 100 $MPIRUN -np $np --bind-to core $B --matrix $m --hosts tpetra --batches 15 --cg-iterations 50 \
        --cg-solves 3 2> "$R/err-$b-$m-$np.txt" | sed "s/^/$b,/" >> "$R/scale-out.csv" || note "failed: $m $np $b"
    done
  done
  note "$m done"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
