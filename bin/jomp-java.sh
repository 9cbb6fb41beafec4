# Sourced by the launchers in bin/. Finds a JDK >= 25 and the built jars; never exported by the user.
# Order: $JAVA_HOME, `java` on PATH, then the usual install folders.

jomp_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jomp_lib="$jomp_root/dist/target/jomp/lib"

# Prints the feature version (25, 26, ...) of the JDK in $1, or nothing.
jomp_java_version() {
  local home=$1 v=
  [[ -x $home/bin/java ]] || return 0
  if [[ -f $home/release ]]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
  fi
  if [[ -z $v ]]; then
    v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/ *java.specification.version = \([0-9]*\).*/\1/p')
  fi
  echo "$v"
}

jomp_find_java() {
  local cand seen="" v
  local path_java=""
  if command -v java >/dev/null 2>&1; then
    path_java=$(readlink -f "$(command -v java)"); path_java=${path_java%/bin/java}
  fi
  for cand in "${JAVA_HOME:-}" "$path_java" /usr/lib/jvm/* /usr/local/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
              "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [[ -n $cand && -d $cand ]] || continue
    v=$(jomp_java_version "$cand")
    seen+="  $cand (${v:-not a JDK})"$'\n'
    if [[ -n $v && $v -ge 25 ]]; then JOMP_JAVA_HOME=$cand; return 0; fi
  done
  {
    echo "jomp: error: no Java 25 or newer found."
    echo "jomp looked at \$JAVA_HOME, the java on PATH and /usr/lib/jvm; it found:"
    printf '%s' "${seen:-  (no Java at all)}"$'\n'
    echo "Install a JDK 25 (for example Temurin 25) or set JAVA_HOME to one."
  } >&2
  return 1
}

jomp_require_build() {
  if ! compgen -G "$jomp_lib/jomp-driver*.jar" >/dev/null; then
    echo "jomp: error: jomp is not built (no jars in $jomp_lib)." >&2
    echo "Build it with: $jomp_root/bin/mvn -q -DskipTests package" >&2
    return 1
  fi
}

# Runs main class $1 with the remaining arguments.
jomp_exec() {
  local main=$1; shift
  jomp_find_java || exit 1
  jomp_require_build || exit 1
  # the AOT cache the build trained (dist/pom.xml); when it does not match the jars it is ignored quietly
  local aot=()
  [[ -f $jomp_lib/jomp.aot ]] && aot=(-XX:AOTCache="$jomp_lib/jomp.aot" -Xlog:aot=off -Xlog:cds=off)
  exec "$JOMP_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -Xss16m "${aot[@]}" -Djomp.root="$jomp_root" ${JOMP_JAVA_OPTS:-} -cp "$jomp_lib/*" "$main" "$@"
}

# The compile server (jomp.driver.server.CompileServer, docs/user-guide.md "Compile server"):
# bin/jomp hands its command to a warm JVM that runs for this installation, and starts one in
# the background when none does. JOMP_SERVER=0 turns it off; JOMP_JAVA_OPTS (a JVM of your own)
# and input from stdin ('-') go around it. Returns (having printed nothing) when the command
# must run in a JVM of its own; otherwise exits with the command's status.
jomp_server_run() {
  [[ ${JOMP_SERVER:-1} != 0 && -z ${JOMP_JAVA_OPTS:-} ]] || return 0
  local a
  for a in "$@"; do [[ $a == - ]] && return 0; done
  local file="${JOMP_SERVER_DIR:-${XDG_RUNTIME_DIR:-/tmp}/jomp-$UID}/server-${jomp_root//[^A-Za-z0-9]/_}"
  local port= secret= pid= c o e
  # only a folder and file of our own: another user could plant a server file in a shared /tmp
  if [[ -f $file && -O $file && -O ${file%/*} ]] && read -r port secret pid <"$file" 2>/dev/null && [[ -n $secret ]] &&
     { exec {c}<>"/dev/tcp/127.0.0.1/$port" {o}<>"/dev/tcp/127.0.0.1/$port" {e}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
    local tok="$$.$RANDOM$RANDOM" ack= status=
    { printf 'OUT %s %s\n' "$secret" "$tok" >&$o; printf 'ERR %s %s\n' "$secret" "$tok" >&$e
      { printf 'RUN %s %s %s\n' "$secret" "$tok" "$(umask)"; printf '%s\0' "$PWD" "$#" "$@"; env -0; printf '\0'; } >&$c
    } 2>/dev/null
    read -t 30 -r ack <&$c 2>/dev/null   # the server answers at once (before waiting for another command to finish); a server killed meanwhile: run here
    if [[ $ack == GO ]]; then
      # the command's output waits in two unlinked files until its status comes, so that a server
      # that dies meanwhile (killed, out of memory) leaves the command to run here from the start,
      # as if it had never gone to the server: the same result, nothing printed twice, no error.
      # The copies of the control connection must go with this shell: when Ctrl-C ends it, the
      # server sees the connection close and cancels the command (no output appears afterwards).
      local tmp="${TMPDIR:-/tmp}/jomp-$$-$RANDOM$RANDOM" fo= ro= fe= re=
      local -; set -o noclobber   # created here, by this shell (no one else's file)
      if { exec {fo}>"$tmp.out" {ro}<"$tmp.out" {fe}>"$tmp.err" {re}<"$tmp.err"; } 2>/dev/null; then
        rm -f "$tmp.out" "$tmp.err"
        cat <&$e >&$fe {c}>&- {o}>&- & local errcat=$!
        cat <&$o >&$fo {c}>&- {e}>&-
        wait "$errcat"
        status=
        read -r status <&$c 2>/dev/null
        if [[ $status =~ ^[0-9]+$ ]]; then
          cat <&$ro
          cat <&$re >&2
          exit "$status"
        fi
        exec {c}>&- {o}>&- {e}>&- {fo}>&- {ro}<&- {fe}>&- {re}<&-
        return 0   # the server stopped before the command finished: it runs here
      fi
      rm -f "$tmp.out" "$tmp.err"
      # no scratch files (TMPDIR not writable): the output streams through as it comes
      cat <&$e >&2 {c}>&- & local errcat=$!
      cat <&$o {c}>&-
      wait "$errcat"
      read -r status <&$c
      if [[ $status =~ ^[0-9]+$ ]]; then exit "$status"; fi
      echo "jomp: error: the compile server (pid $pid) stopped before the command finished; JOMP_SERVER=0 runs jomp without it" >&2
      exit 1
    fi
    exec {c}>&- {o}>&- {e}>&-
    [[ $ack == STALE ]] || return 0   # busy stopping: this command runs by itself, the next finds a new server
  fi
  # no server (or an old one that just stopped): start one for the next command
  jomp_find_java 2>/dev/null || return 0
  mkdir -p -m 700 "${file%/*}" 2>/dev/null && [[ -O ${file%/*} ]] || return 0
  local aot=()
  [[ -f $jomp_lib/jomp.aot ]] && aot=(-XX:AOTCache="$jomp_lib/jomp.aot" -Xlog:aot=off -Xlog:cds=off)
  setsid "$JOMP_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -XX:+UseSerialGC \
    -Xss16m "${aot[@]}" -Djomp.root="$jomp_root" -cp "$jomp_lib/*" jomp.driver.server.CompileServer "$file" \
    </dev/null >>"$file.log" 2>&1 &
  return 0
}
