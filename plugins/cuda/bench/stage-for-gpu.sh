#!/usr/bin/env bash
# Run HERE (a machine with JDK 25 and Maven), from any folder of a jomp checkout. Prepares what
# run-on-gpu.sh needs on the GPU machine, which has no Java: the small runtime .jre/ and
# plugins/cuda/target/gpu/ (jars, test classes, the JUnit console launcher). Both are ignored by
# git; name them in the device tool's carry: [".jre", "plugins/cuda/target/gpu"].
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
junit=6.1.3   # junit-platform-console-standalone matching the parent pom's junit.version
g=plugins/cuda/target/gpu
rm -rf "$g"
mkdir -p "$g/lib"
bin/mvn -q -B -DskipTests package dependency:copy-dependencies -pl plugins/cuda -am \
  -DincludeScope=test -DoutputDirectory="$root/$g/lib" \
  -DexcludeGroupIds=org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian,org.jspecify,net.bytebuddy
bin/mvn -q -B test-compile -pl plugins/cuda -am
cp plugins/cuda/target/jomp-plugin-cuda-*.jar "$g/lib/"
cp -r plugins/cuda/target/test-classes "$g/test-classes"
console=$HOME/.m2/repository/org/junit/platform/junit-platform-console-standalone/$junit/junit-platform-console-standalone-$junit.jar
[[ -f $console ]] || bin/mvn -q -B dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:$junit
cp "$console" "$g/junit-console.jar"
shared=${JOMP_SHARED:-/work/shared}
[[ -d $shared ]] || shared=$root/../shared
# make-jre.sh may fail at its last step in a git worktree (.git is a file there); the JRE is made by then
[[ -x .jre/bin/java ]] || bash "$shared/gpu/make-jre.sh" || [[ -x .jre/bin/java ]]
# The staged tests must run on the small runtime (AssertJ without byte-buddy, which would not
# fit in carry's 64 MiB); the gpu tests skip here without libcuda.
.jre/bin/java --enable-native-access=ALL-UNNAMED -jar "$g/junit-console.jar" execute --disable-banner \
  -cp "$g/test-classes:$(echo $g/lib/*.jar | tr ' ' :)" --scan-classpath "$g/test-classes" \
  --details=summary | tail -15
du -sh .jre "$g"
