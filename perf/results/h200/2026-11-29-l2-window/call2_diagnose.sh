#!/usr/bin/env bash
# Call 2: why call 1's benches failed with illegal addresses on the matrices above ~1M nonzeros (the [l2window]
# tests and the smaller real matrices passed). offshore (1.0M nonzeros) and rand-uniform: the stream of its own
# without a window (--graphs, no --l2-x), with windows, with CUDA_LAUNCH_BLOCKING=1, and under memcheck.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
O=.device/sl2/offshore.mtx.xz
U=rand-uniform-r1000000-c1000000-m16-s12-seed5
run() { local name=$1; shift; timeout 120 "$@" > "$R/$name.txt" 2>&1; echo "$name rc $? ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
run default_offshore $B bench --rounds 1 --methods csr_scalar,merge_split "$O"
run graphs_offshore $B bench --rounds 1 --methods csr_scalar,merge_split --graphs "$O"
run l2x_offshore $B bench --rounds 1 --methods csr_scalar,merge_split --l2-x "$O"
CUDA_LAUNCH_BLOCKING=1 run l2x_blocking_offshore $B bench --rounds 1 --methods csr_scalar,merge_split --l2-x "$O"
run graphs_uniform $B bench --rounds 1 --methods csr_scalar --graphs $U
run memcheck_l2x_offshore /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 20 $B bench --rounds 1 \
  --methods csr_scalar --l2-x "$O"
run memcheck_graphs_offshore /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 20 $B bench \
  --rounds 1 --methods csr_scalar --graphs "$O"
cat "$R/summary.txt"
for f in "$R"/*.txt; do echo "== $f"; grep -m6 -iE "error|illegal|csr_scalar|Invalid|at 0x|by thread|kernel" "$f"; done
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
