// KERNELS: 2
/* Character arrays on the device: case conversion, a device strlen, counting with a reduction. */
#include <stdio.h>
#include <string.h>
#pragma omp declare target
static int dev_strlen(const char *s) { int n = 0; while (s[n]) n++; return n; }
#pragma omp end declare target
int main(void) {
  char text[] = "The quick brown fox jumps over the lazy dog; OpenMP offload on the JVM.";
  int n = (int)strlen(text), len = 0, vowels = 0;
#pragma omp target map(tofrom : text) map(from : len)
  len = dev_strlen(text);
#pragma omp target teams distribute parallel for map(tofrom : text) reduction(+ : vowels)
  for (int i = 0; i < n; i++) {
    char c = text[i];
    vowels += c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
    if (c >= 'a' && c <= 'z') text[i] = (char)(c - 'a' + 'A');
    else if (c >= 'A' && c <= 'Z') text[i] = (char)(c - 'A' + 'a');
  }
  printf("%s\nlen=%d strlen=%d vowels=%d\n", text, len, n, vowels);
  return 0;
}
