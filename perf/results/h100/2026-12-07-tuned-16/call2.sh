#!/usr/bin/env bash
# Call 2 (2026-12-07 twenty-sixth session; meant for an H100). B = .device/lc37/bin.tar.xz (the h100 preset's aspmv
# and aspmv_kernel_tests of 79897db's tree, the kernel tests built with
# ASPMV_KERNEL_TEST_FILES="test_tuned_plan.cpp;test_model_selection.cpp;test_dia.cpp"): call 1's steps again (the
# tests and memcheck, the three `--tuned` benches) with the tuning's lead call a batch (79897db) and the kernel-model
# test's details read as suffixes (ff178b2).
# Carried: .device/lc (matrices), .device/lc37 (this script, call1.sh, the three lists):
#   DEADLINE_S=400 bash .device/lc37/call2.sh
CALL_DIR=.device/lc37 CALL_NAME=call2 source .device/lc37/call1.sh
