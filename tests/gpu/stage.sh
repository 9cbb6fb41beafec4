#!/usr/bin/env bash
# Run HERE (JDK 25, Maven, gcc, clang-19, LLVM 19, ptxas): prepares gpu-bundle/ for
# tests/gpu/run.sh on the GPU machine, which has no Java, no clang and no LLVM: every offload
# corpus program, zaxpy and BabelStream built by jomp for nvptx64 (ARCH, default sm_90; device
# math goes through libdevice and the installed LLVM, hence here), packed in programs.tar.xz, the
# expected output of each from its oracle (tests/c/offload/README.md), and a small Java runtime
# (.jre/, shared/gpu/make-jre.sh) to run them. Both folders are ignored by git; name them in the
# device tool's carry: [".jre", "gpu-bundle"].
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
b=gpu-bundle
arch=${ARCH:-sm_90}
rm -rf "$b"; mkdir -p "$b/expected"
bin/mvn -q -B -DskipTests package
shared=${JOMP_SHARED:-/work/shared}
[[ -d $shared ]] || shared=$root/../shared
[[ -x .jre/bin/java ]] || bash "$shared/gpu/make-jre.sh" || [[ -x .jre/bin/java ]]
grep -qx '/gpu-bundle/' .git/info/exclude 2>/dev/null || echo '/gpu-bundle/' >> .git/info/exclude

# expected outputs: gcc -fopenmp (host), or clang-19 offloading to its host plugin (ORACLE: clang-offload)
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
directive() { sed -n "s|^// $1: *||p" "$2" | head -1; }
for src in tests/c/offload/*.c; do
  n=$(basename "$src" .c)
  flags=$(directive FLAGS "$src"); link=$(directive LINK "$src"); oracle=$(directive ORACLE "$src")
  extra=(); [[ -n $link ]] && extra=("tests/c/offload/$link")
  if [[ ${oracle:-gcc} == clang-offload ]]; then
    clang-19 -std=gnu11 -O0 -w -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu $(directive CLANG-FLAGS "$src") $flags \
      "$src" "${extra[@]}" -o "$w/$n" -lm
    run=(env LD_LIBRARY_PATH=/usr/lib/llvm-19/lib OMP_NUM_THREADS=4 "$w/$n")
  else
    gcc -std=gnu11 -O0 -w -fopenmp $flags "$src" "${extra[@]}" -o "$w/$n" -lm
    run=(env OMP_NUM_THREADS=4 "$w/$n")
  fi
  set +e; "${run[@]}" > "$b/expected/$n.out" 2>/dev/null; echo $? > "$b/expected/$n.status"; set -e
done
gcc -O0 -w -fopenmp -x c docs/examples/zaxpy.src -o "$w/zaxpy" && "$w/zaxpy" > "$b/expected/zaxpy.out"

# the programs, built by jomp for the GPU (a build that fails is recorded, and run.sh reports it)
p=$w/programs; mkdir -p "$p"
for src in tests/c/offload/*.c; do
  n=$(basename "$src" .c)
  flags=$(directive FLAGS "$src"); link=$(directive LINK "$src")
  extra=(); [[ -n $link ]] && extra=("tests/c/offload/$link")
  bin/jomp -std=gnu11 -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch="$arch" $flags "$src" "${extra[@]}" \
    -o "$p/$n" 2> "$p/$n.build-errors" || true
  [[ -s $p/$n.build-errors ]] || rm -f "$p/$n.build-errors"
done
bin/jomp -O2 -fopenmp-targets=nvptx64 --offload-arch="$arch" docs/examples/zaxpy.src -o "$p/zaxpy"
bin/jomp -O2 -fopenmp-targets=nvptx64 --offload-arch="$arch" plugins/jvm/bench/babelstream.c -o "$p/babelstream"
# their PTX, for ptxas -v on the GPU machine (run.sh all)
mkdir -p "$p/ptx"
for src in docs/examples/zaxpy.src plugins/jvm/bench/babelstream.c; do
  bin/jomp -O2 -fopenmp -fopenmp-targets=nvptx64 --offload-arch="$arch" -S --offload-device-only -x c "$src" \
    -o "$p/ptx/$(basename "${src%.*}").ptx"
done
echo "$arch" > "$p/ARCH"
tar -C "$w" -cJf "$b/programs.tar.xz" programs
echo "staged: $(ls $b/expected/*.out | wc -l) expected outputs"
du -sh .jre "$b"
