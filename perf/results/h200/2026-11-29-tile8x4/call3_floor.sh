#!/usr/bin/env bash
# Call 3: the per-call floor. Every method of `aspmv bench` on tiny generated matrices (16 and 1,024 rows), double
# and float, and Nsight Compute's duration of single launches there (csr_scalar, csr_vector, ELL, cuSPARSE's CSR),
# to tell a launch floor (the same time whatever the kernel and precision) from the kernels' own time.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in stencil2d-5pt-4 stencil2d-5pt-32 .device/s62/cavity07.mtx.xz; do
    $B bench "${flag[@]}" --csv "$R/floor_$prec.csv" "$m" >> "$R/floor_$prec.txt" 2>&1 || echo "failed: $prec $m" >> "$R/summary.txt"
  done
  echo "bench $prec by $((SECONDS - start)) s" >> "$R/summary.txt"
done
for m in stencil2d-5pt-4 .device/s62/cavity07.mtx.xz; do
  n=$(basename "$m" .mtx.xz)
  timeout 120 /usr/local/cuda/bin/ncu --kernel-name-base demangled --launch-skip 20 --launch-count 12 \
    --section LaunchStats --section SpeedOfLight $B bench --rounds 1 --methods csr_scalar,csr_vector,ell,cusparse_csr "$m" \
    > "$R/ncu_$n.txt" 2>&1
  echo "ncu $n rc $?" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
cat "$R/summary.txt"
for f in "$R"/floor_double.txt; do grep -E "^(stencil|cavity)|^(csr_scalar|csr_vector<1>|csr_vector<32>|ell|sell|tile8x4|merge_split|cusparse_csr_alg1|cusparse_sell_alg1|aspmv_spmv) " "$f"; done
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
