#!/usr/bin/env bash
# Call 4 (device tool; issue 21, 2026-12-05 eleventh session), PREPARED, NOT RUN (the session's device time was
# spent: `status` said can_start_another false with 154 s left): small range launches spread over the SMs
# (spread-block.patch here: backends/launch_shape.hpp's spread_block, used by backends/cuda/range_launch.hpp, and its
# unit test), after call 3's Nsight Compute showed LRB's one launch over WOOD1P on 42 of the 132 SMs. To run it:
# `git apply perf/results/h100/2026-12-05-runtime-models/spread-block.patch`, build the h100 preset's aspmv and
# aspmv_kernel_tests (-DASPMV_KERNEL_TEST_FILES=test_kernels.cpp) into .device/lc4/bin.tar.xz, and the baseline
# (the tree without the patch) into .device/lc/bin.tar.xz. The patch lands only if the bench says so. The kernels' GPU tests with the change, then `aspmv bench`
# (double, 3 interleaved rounds) of lrb, csr_vector, vector_split, csr_scalar and cuSPARSE's COO ALG1 on the 62
# shared real matrices, old binary / new / old (call 1's `aspmv`, .device/lc; this change's, .device/lc4).
# Carried: .device/lc, .device/lc4 (bin.tar.xz: the h100 preset's aspmv and aspmv_kernel_tests with
# test_kernels.cpp, stripped; shared.txt: call 2's list). From a slimmed tree:
#   DEADLINE_S=140 bash .device/lc4/call4.sh
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-140}
left() { echo $((deadline - (SECONDS - start))); }
(cd .device/lc4 && tar -xJf bin.tar.xz)
mapfile -t shared < .device/lc4/shared.txt
methods=lrb,csr_vector,vector_split,csr_scalar,cusparse_coo_alg1
for side in old new old2; do
  bin=$B; [ $side = new ] && bin=.device/lc4/aspmv
  timeout 40 "$bin" bench --methods "$methods" --csv "$R/bench-$side.csv" "${shared[@]}" > "$R/bench-$side.txt" 2>&1
  note "bench $side rc $?"
done
if (($(left) > 15)); then
  timeout $(($(left) - 5)) .device/lc4/aspmv_kernel_tests "[kernels][edge],[kernels][direct]" > "$R/kernel_tests.txt" 2>&1
  note "kernel tests rc $?"
  tail -3 "$R/kernel_tests.txt" >> "$R/summary.txt"
fi
call_finish spread-h100
