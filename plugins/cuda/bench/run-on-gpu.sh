#!/usr/bin/env bash
# Run ON THE GPU MACHINE from the checkout root, after stage-for-gpu.sh ran here and with
# carry [".jre", "plugins/cuda/target/gpu"], e.g. through the device tool:
#   bash plugins/cuda/bench/run-on-gpu.sh
# Runs the @Tag("gpu") tests of plugins/cuda, the BabelStream and launch-latency baselines
# (nvcc) and the plugin's LaunchLatencyBench; logs go to $OUT (or ./gpu-out).
set -uo pipefail
out=${OUT:-$PWD/gpu-out}
mkdir -p "$out"
export JAVA_HOME=$PWD/.jre PATH=$PWD/.jre/bin:$PATH
g=plugins/cuda/target/gpu
cp_=$g/test-classes:$(echo $g/lib/*.jar | tr ' ' :)
b=plugins/cuda/bench
{
  date -u
  nvidia-smi -L
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nvcc --version | tail -2
  java -version 2>&1 | head -1
} 2>&1 | tee "$out/machine.txt"

echo "== gpu tests"
java --enable-native-access=ALL-UNNAMED -jar $g/junit-console.jar execute --disable-banner -cp "$cp_" \
  --include-tag gpu --select-class jomp.plugin.cuda.CudaGpuTest --details=tree 2>&1 | tee "$out/gpu-tests.log"
# FakeDriverTest is left out: its no-libcuda case cannot hold where the real libcuda is installed
echo "== all plugin tests (CI ones too) with the driver present"
java --enable-native-access=ALL-UNNAMED -jar $g/junit-console.jar execute --disable-banner -cp "$cp_" \
  --scan-classpath $g/test-classes --exclude-classname ".*FakeDriverTest" --details=summary 2>&1 | tee "$out/all-tests.log" | tail -20

echo "== nvptx-arch"
java --enable-native-access=ALL-UNNAMED -cp "$cp_" jomp.plugin.cuda.NvptxArch 2>&1 | tee "$out/nvptx-arch.txt"
(cd /tmp && rm -rf jomp-bench && mkdir jomp-bench) && w=/tmp/jomp-bench
echo "== babelstream (nvcc -O3 -arch=sm_90)"
nvcc -O3 -arch=sm_90 -o $w/babelstream $b/babelstream.cu 2>&1 && $w/babelstream 25 2>&1 | tee "$out/babelstream.txt"
echo "== launch latency, C driver API"
nvcc -O3 -arch=sm_90 -o $w/launch-latency $b/launch-latency.cu -lcuda 2>&1 && \
  $w/launch-latency plugins/cuda/src/test/resources/jomp/plugin/cuda/empty.ptx 2>&1 | tee "$out/launch-latency-c.txt"
echo "== launch latency, jomp cuda plugin"
java --enable-native-access=ALL-UNNAMED -cp "$cp_" jomp.plugin.cuda.LaunchLatencyBench 2>&1 | tee "$out/launch-latency-java.txt"
echo "== triad_f64.ptx kernel time by ncu (if present)"
if command -v ncu >/dev/null; then
  ncu --kernel-name triad_f64 --launch-skip 1 --launch-count 3 --metrics gpu__time_duration.sum,dram__bytes.sum \
    java --enable-native-access=ALL-UNNAMED -cp "$cp_" jomp.plugin.cuda.LaunchLatencyBench triad-only 2>&1 | tail -30 | tee "$out/ncu-triad.txt"
fi
