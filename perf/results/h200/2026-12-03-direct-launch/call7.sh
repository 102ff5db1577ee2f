#!/usr/bin/env bash
# Call 7 (H200, device tool; issue 21, 2026-12-03): the profile behind call 6 -- SELL's row functor launched by
# Kokkos and by the direct range launch (direct_launch=2) on WOOD1P (2.4x slower direct, whatever the block size):
# the SASS of both kernels (cuobjdump) and Nsight Compute's launch, occupancy, throughput and warp-state sections.
# Binary: the call-6 aspmv (.device/dl/bin2.tar.xz); matrix .device/ma/WOOD1P.mtx.xz.
set -u
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl/bin2.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
CU=/usr/local/cuda/bin
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
$CU/cuobjdump -sass $B 2> "$R/cuobjdump.err" | awk '/Function : /{keep = ($0 ~ /SellRowFunctor/)} keep' > "$R/sell_sass.txt"
echo "sass lines $(wc -l < "$R/sell_sass.txt")" >> "$R/summary.txt"
timeout 300 $CU/ncu --kernel-name regex:SellRowFunctor -c 8 --section LaunchStats --section Occupancy \
  --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section InstructionStats \
  $B bench --rounds 1 --methods sell --variant direct_launch=2 .device/ma/WOOD1P.mtx.xz > "$R/ncu_wood1p.txt" 2>&1
echo "ncu rc $?" >> "$R/summary.txt"
cat "$R/summary.txt"; grep -E "range_kernel|cuda_parallel_launch|Registers Per|Block Size|Duration|Achieved Occ|Executed Ipc|Warp Cycles Per Issued" "$R/ncu_wood1p.txt" | cut -c1-160 | head -60
xz -9 "$R"/*.txt; tar -cJf "$OUT/call7.tar.xz" -C "$OUT" r && rm -rf "$R"
