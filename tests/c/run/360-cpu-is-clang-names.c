// ORACLE: clang-19
/* __builtin_cpu_is with the processor names clang 19 takes and gcc 12 does not (newer types and
 * subtypes, and clang's aliases: raptorlake, meteorlake and gracemont are alderlake, emeraldrapids
 * is sapphirerapids, lunarlake is arrowlake-s, amdfam10/15/1a are amdfam10h/15h/1ah), answered for
 * the processor the program runs on, against clang-19's build; and a resolver choosing a variadic
 * ifunc's implementation by processor type, as real dispatch code does. */
#include <stdarg.h>
#include <stdio.h>
#define IS(x) printf("%-16s %d\n", x, !!__builtin_cpu_is(x));

static int describe_generic(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}
static int describe_core(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("[core] ", stdout);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}
__attribute__((no_sanitize_address)) static int (*resolve_describe(void))(const char *, ...) {
  __builtin_cpu_init();
  return __builtin_cpu_is("corei7") || __builtin_cpu_is("amdfam19h") || __builtin_cpu_is("amdfam1ah")
             ? describe_core
             : describe_generic;
}
int describe(const char *fmt, ...) __attribute__((ifunc("resolve_describe")));

int main(void) {
  __builtin_cpu_init();
  IS("sierraforest") IS("grandridge") IS("clearwaterforest") IS("zhaoxin_fam7h")
  IS("raptorlake") IS("meteorlake") IS("gracemont") IS("emeraldrapids") IS("graniterapids")
  IS("graniterapids-d") IS("arrowlake") IS("arrowlake-s") IS("lunarlake") IS("pantherlake")
  IS("amdfam10") IS("amdfam15") IS("amdfam1a") IS("amdfam1ah") IS("znver4") IS("znver5")
  int n = describe("%s %d %.1f\n", "processor", 7, 1.5);
  printf("printed %d\n", n);
  return 0;
}
