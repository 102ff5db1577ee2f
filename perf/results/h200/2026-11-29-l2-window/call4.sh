#!/usr/bin/env bash
# Call 4: binaries on Kokkos patch 0007 as committed (the scan fences the instance before it copies its total to the
# host; the scratch counters zeroed in the instance's stream order). The fix's test ([streams]) plainly and under
# memcheck; [l2window]; then `aspmv bench --l2-x` (every selected method and its @l2x twin) on large generated
# matrices and eight power-law graphs of the shared real sets, double then float; Nsight Compute on merge_split
# without and with the window (L2 hit rate, DRAM bytes); racecheck over the captured-apply tests last.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
SAN=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 .device/aspmv_kernel_tests "[streams],[l2window]" > "$R/tests.txt" 2>&1
note "tests [streams],[l2window] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')"
timeout 150 $SAN --tool memcheck --print-limit 20 .device/aspmv_kernel_tests "[streams]" > "$R/memcheck_streams.txt" 2>&1
note "memcheck [streams] rc $?: $(tail -2 "$R/memcheck_streams.txt" | tr '\n' ' ')"
M=csr_scalar,csr_vector,csr_adaptive,merge_split,merge_path,sell,aspmv_auto,cusparse
G="rand-uniform-r1000000-c1000000-m16-s12-seed5 chunglu-r2000000-m16-g2.2-seed1 rmat-s22-e16-a0.57-b0.19-c0.19-seed1
   chunglu-r8000000-m8-g2.3-seed1 stencil3d-27pt-130"
REAL="offshore web-sk-2005 soc-Epinions1 deezer-hr loc-brightkite musae-git BlogCatalog linux-includes"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G $(for r in $REAL; do ls .device/sl2/$r.mtx.xz 2>/dev/null; done); do
    if (( SECONDS - start > ${DEADLINE_S:-380} )); then note "not run ($prec, time): $m"; continue; fi
    $B bench "${flag[@]}" --l2-x --methods $M --csv "$R/l2_$prec.csv" "$m" >> "$R/l2_$prec.txt" 2>&1 \
      || note "failed: $prec $m"
  done
  note "bench --l2-x $prec"
done
for m in rand-uniform-r1000000-c1000000-m16-s12-seed5 chunglu-r2000000-m16-g2.2-seed1; do
  timeout 60 /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name regex:"MergeSplit" --launch-count 2 \
    --metrics gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum \
    $B bench --rounds 1 --l2-x --methods merge_split "$m" > "$R/ncu_$m.txt" 2>&1
  note "ncu $m rc $?"
done
timeout 120 $SAN --tool racecheck .device/aspmv_kernel_tests "[captured]" > "$R/racecheck_captured.txt" 2>&1
note "racecheck [captured] rc $?: $(tail -2 "$R/racecheck_captured.txt" | tr '\n' ' ')"
tail -16 "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
