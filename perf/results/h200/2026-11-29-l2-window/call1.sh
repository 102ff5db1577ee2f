#!/usr/bin/env bash
# Call 1: x kept in the L2 as persisting lines (backends::L2Window, `aspmv bench --l2-x`). The GPU tests of the
# window ([l2window]: results, the stream's policy set and restored, nested windows) plainly and under
# compute-sanitizer memcheck; then every selected method and its @l2x twin (each call inside a window over x) on
# large generated matrices whose x fits the L2 (power-law graphs, random columns) or not, and on the power-law
# graphs of the shared real sets (pattern-only, .device/sl2), double and float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
timeout 120 .device/aspmv_kernel_tests "[l2window]" > "$R/tests.txt" 2>&1
echo "tests [l2window] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')" >> "$R/summary.txt"
timeout 150 /usr/local/cuda/bin/compute-sanitizer --tool memcheck .device/aspmv_kernel_tests "[l2window]" \
  > "$R/memcheck.txt" 2>&1
echo "memcheck [l2window] rc $?: $(tail -3 "$R/memcheck.txt" | tr '\n' ' ')" >> "$R/summary.txt"
M=csr_scalar,csr_vector,csr_adaptive,merge_split,merge_path,sell,aspmv_auto,cusparse
G="rand-uniform-r1000000-c1000000-m16-s12-seed5 chunglu-r2000000-m16-g2.2-seed1 rmat-s22-e16-a0.57-b0.19-c0.19-seed1
   chunglu-r8000000-m8-g2.3-seed1 stencil3d-27pt-130"
REAL="offshore web-sk-2005 soc-Epinions1 deezer-hr loc-brightkite musae-git BlogCatalog linux-includes"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G $(for r in $REAL; do ls .device/sl2/$r.mtx.xz 2>/dev/null; done); do
    if (( SECONDS - start > ${DEADLINE_S:-560} )); then echo "not run ($prec, time): $m" >> "$R/summary.txt"; continue; fi
    $B bench "${flag[@]}" --l2-x --methods $M --csv "$R/l2_$prec.csv" "$m" >> "$R/l2_$prec.txt" 2>&1 \
      || echo "failed: $prec $m" >> "$R/summary.txt"
  done
  echo "bench --l2-x $prec by $((SECONDS - start)) s" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
tail -14 "$R/summary.txt"
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
