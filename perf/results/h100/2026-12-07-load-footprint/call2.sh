#!/usr/bin/env bash
# Call 2 (device tool; issue 21, written 2026-12-07 twenty-third session; meant for an H100): call1.sh cut to what
# ~250 s of device time left allow: csr_chunks' and CSR-vector's (TpR 4 and 16) matrix loads plain, evict-first, and
# evict-first above 85 % of the L2, on footprint.txt (shuffled: a cut drops matrices at random, not a footprint bin),
# double, then the 19 medium-row matrices. B = .device/lc31/bin.tar.xz (the working tree's h100 aspmv).
# Carried: .device/lc (matrices), .device/lc31: DEADLINE_S=170 bash .device/lc31/call2.sh
source perf/device/call_prelude.sh .device/lc31
"$B" info > "$R/info.txt" 2>&1
mapfile -t fp < .device/lc31/footprint.txt
mapfile -t med < .device/lc31/medium.txt
M="--methods csr_chunks,csr_vector<4>,csr_vector<16>,cusparse --variant chunk_load=0 --variant vector_load=0 --variant chunk_load_l2_percent=85,vector_load_l2_percent=85"
bench_run double 125 $M "${fp[@]}"
bench_run medium 40 $M "${med[@]}"
call_finish load-footprint2
