#!/usr/bin/env bash
# GPU detection for a compile for nvptx64 without an arch: the driver runs bin/jomp-nvptx-arch as a
# child process, as clang 19 runs nvptx-arch. Prints the median wall time of N runs (default 21) of
# each, interleaved. Usage: driver/bench/gpu-detection.sh [N]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-21}
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
ours=() clangs=()
for ((i = 0; i < n; i++)); do
  ours+=("$(ms bin/jomp-nvptx-arch)")
  clangs+=("$(ms /usr/lib/llvm-19/bin/nvptx-arch)")
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
echo "# $(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), runs=$n (median wall ms)"
echo "bin/jomp-nvptx-arch                  $(median "${ours[@]}") ms"
echo "/usr/lib/llvm-19/bin/nvptx-arch      $(median "${clangs[@]}") ms"
