# The common start and end of a device call's script (perf/results/<arch>/<date>-<study>/callN.sh), sourced from
# the repository root on the device machine:
#   source perf/device/call_prelude.sh DIR   # DIR: a carried folder holding bin.tar.xz (stripped binaries)
#   ...
#   call_finish NAME                          # $R packed into $OUT/NAME.tar.xz, the summary printed
# Sets start (the call's SECONDS), R ($OUT/r, created: everything the call writes goes there), B (DIR/aspmv,
# unpacked once while the machine stays warm) and LD_LIBRARY_PATH (the CUDA runtime); writes $R/gpu.txt (the GPU's
# name, UUID and driver: each call may get another machine); `note MSG` adds "MSG (N s)" to $R/summary.txt.
set -u
start=$SECONDS
R=$OUT/r
mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$1/aspmv" ]; then
  [ -f "$1/bin.tar.xz" ] || { echo "no binary on this machine and none carried ($1/bin.tar.xz)"; exit 3; }
  (cd "$1" && tar -xJf bin.tar.xz) || exit 3
fi
B=$1/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
call_finish() {
  cat "$R/summary.txt"
  tar -cJf "$OUT/$1.tar.xz" -C "$R" . && rm -rf "$R"
}
