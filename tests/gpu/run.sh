#!/usr/bin/env bash
# Run ON THE GPU MACHINE from the checkout root, after tests/gpu/stage.sh ran here, with carry
# [".jre", "gpu-bundle"] (device tool). Runs every offload corpus program that stage.sh built
# with `bin/jomp -fopenmp-targets=nvptx64 --offload-arch=sm_90` with OMP_TARGET_OFFLOAD=MANDATORY
# (a region that cannot run on the GPU is a failure, not a fallback) and compares stdout, exit
# status and the kernel-launch count (KERNELS) with the staged oracle.
# Then zaxpy and BabelStream: jomp's kernels timed by ncu, against nvcc's and CuPy's in the same
# run (tests/gpu/reference.cu, tests/gpu/reference.py). Results go to $OUT (or ./gpu-out).
# Each program's stdout and stderr (with LIBOMPTARGET_INFO=16: the launches and their teams and
# threads) are kept in $OUT/logs/. `sanitize` runs every corpus program under compute-sanitizer's
# memcheck, racecheck and synccheck ($OUT/sanitizer.txt: the programs with errors, and the count).
# Usage: tests/gpu/run.sh [corpus|bench|sanitize|all=all (corpus, bench, ptxas -v, not sanitize)]
#   JOMP_GPU_OFFLOAD=DEFAULT runs without a GPU (a dry run of the harness)
set -uo pipefail
what=${1:-all}
out=${OUT:-$PWD/gpu-out}; mkdir -p "$out/logs"
export JAVA_HOME=$PWD/.jre PATH=$PWD/.jre/bin:$PATH
w=$(mktemp -d)
tar -C "$w" -xJf gpu-bundle/programs.tar.xz
p=$w/programs
arch=$(cat "$p/ARCH")
{
  date -u; nvidia-smi -L 2>&1
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  command -v nvcc >/dev/null && nvcc --version | tail -2; java -version 2>&1 | head -1
} > "$out/machine.txt"

if [[ $what == corpus || $what == all ]]; then
  pass=0; fail=0; : > "$out/corpus.txt"; : > "$out/corpus-failures.txt"
  directive() { sed -n "s|^// $1: *||p" "$2" | head -1; }
  for src in tests/c/offload/*.c; do
    n=$(basename "$src" .c)
    kernels=$(directive KERNELS "$src")
    why=""
    if [[ ! -x $p/$n ]]; then
      why="did not build: $(head -3 "$p/$n.build-errors" 2>/dev/null | tr '\n' '|')"
    else
      env OMP_TARGET_OFFLOAD=${JOMP_GPU_OFFLOAD:-MANDATORY} OMP_NUM_THREADS=4 LIBOMPTARGET_INFO=16 \
        timeout 120 "$p/$n" > "$w/$n.out" 2> "$w/$n.err"
      status=$?
      launches=$(grep -o "Launching kernel" "$w/$n.err" | wc -l)
      cp "$w/$n.out" "$out/logs/$n.out"; cp "$w/$n.err" "$out/logs/$n.err"
      if ! cmp -s "$w/$n.out" "gpu-bundle/expected/$n.out"; then
        why="stdout differs: $(diff "gpu-bundle/expected/$n.out" "$w/$n.out" | head -6 | tr '\n' '|') stderr: $(grep -v 'info:' "$w/$n.err" | head -4 | tr '\n' '|')"
      elif [[ $status != $(cat "gpu-bundle/expected/$n.status") ]]; then
        why="exit status $status, expected $(cat "gpu-bundle/expected/$n.status"): $(grep -v 'info:' "$w/$n.err" | head -4 | tr '\n' '|')"
      elif [[ $launches != "$kernels" ]]; then
        why="$launches kernel launches, KERNELS: $kernels"
      fi
    fi
    if [[ -z $why ]]; then pass=$((pass + 1)); echo "PASS $n" >> "$out/corpus.txt"
    else fail=$((fail + 1)); echo "FAIL $n" >> "$out/corpus.txt"; echo "$n: $why" >> "$out/corpus-failures.txt"; fi
  done
  echo "offload corpus on nvptx64 $arch: $pass passed, $fail failed of $((pass + fail))" | tee -a "$out/corpus.txt"
fi

if [[ $what == sanitize ]]; then
  # compute-sanitizer follows the CUDA calls of the JVM that runs each program (no child processes)
  : > "$out/sanitizer.txt"; bad=0; total=0
  for src in tests/c/offload/*.c; do
    n=$(basename "$src" .c); [[ -x $p/$n ]] || continue
    for tool in memcheck racecheck synccheck; do
      total=$((total + 1))
      env OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_THREADS=4 timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 \
        --print-limit 20 "$p/$n" > "$out/logs/$n.$tool.txt" 2>&1
      status=$?
      if [[ $status == 99 ]] || grep -q "ERROR SUMMARY: [1-9]" "$out/logs/$n.$tool.txt"; then
        bad=$((bad + 1)); echo "ERRORS $n $tool: $(grep -m3 '=========' "$out/logs/$n.$tool.txt" | tr '\n' '|')" >> "$out/sanitizer.txt"
      fi
    done
  done
  echo "compute-sanitizer: $bad of $total runs (memcheck, racecheck, synccheck per program) reported errors" | tee -a "$out/sanitizer.txt"
fi

if [[ $what == all && -d $p/ptx ]]; then
  # registers, stack and spills of jomp's kernels as the GPU machine's ptxas makes them
  for f in "$p"/ptx/*.ptx; do echo "== $(basename "$f")"; ptxas -arch="$arch" -v "$f" -o /dev/null 2>&1 | grep -E "entry function|Used|spill"; done > "$out/ptxas-v.txt"
fi

if [[ $what == bench || $what == all ]]; then
  {
    echo "== jomp zaxpy and BabelStream (2^25 doubles) on nvptx64 $arch"
    OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 "$p/zaxpy" 2> "$out/logs/zaxpy.err" | tee "$w/zaxpy.out"
    grep "Launching kernel" "$out/logs/zaxpy.err"
    cmp -s "$w/zaxpy.out" gpu-bundle/expected/zaxpy.out && echo "zaxpy output equals gcc's" || echo "zaxpy OUTPUT DIFFERS from gcc's"
    OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=16 "$p/babelstream" 25 20 2> "$out/logs/babelstream.err"
    grep "Launching kernel" "$out/logs/babelstream.err" | sort | uniq -c
    if command -v ncu >/dev/null; then
      echo "== ncu kernel times (gpu__time_duration.sum, ns) of jomp's kernels"
      OMP_TARGET_OFFLOAD=MANDATORY ncu --metrics gpu__time_duration.sum,dram__bytes.sum --csv "$p/babelstream" 25 3 2>/dev/null \
        | grep gpu__time_duration | awk -F'","' '{print $5, $NF}' | sort | awk '{t[$1]=t[$1]" "$NF} END {for (k in t) print k, t[k]}'
      OMP_TARGET_OFFLOAD=MANDATORY ncu --metrics gpu__time_duration.sum --csv "$p/zaxpy" 2>/dev/null | grep gpu__time_duration | awk -F'","' '{print $5, $NF}'
    fi
    echo "== nvcc -O3 -arch=$arch reference kernels (CUDA events)"
    nvcc -O3 -arch="$arch" -o "$w/reference" tests/gpu/reference.cu && "$w/reference" 25
    echo "== CuPy (CUDA events)"
    python3 tests/gpu/reference.py 25 2>&1
  } 2>&1 | tee "$out/bench.txt"
fi
rm -rf "$w"
