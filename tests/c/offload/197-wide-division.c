// KERNELS: 2
/* 64-bit division and remainder on the device, signed and unsigned, with operands below 2^32
 * (the nvptx64 back end divides those in 32 bits) and above it, negative, and the extremes; and a
 * generic teams distribute (one team per row, a nested parallel loop) that divides trip counts. */
#include <stdint.h>
#include <stdio.h>
#define N 16
int main(void) {
  int64_t a[N] = {1000, 4294967295LL, 4294967296LL, -1000, 1000, INT64_MIN, 7, 123456789012345LL,
                  -123456789012345LL, 4294967295LL, 2147483648LL, INT64_MAX, 0, 99, -1, 65536};
  int64_t b[N] = {7, 65536, 3, 7, -7, 3, 4294967296LL, 1000003, 4294967311LL, 4294967295LL, 2, -2, 5, 100, 1, 65536};
  int64_t q[N], r[N];
  uint64_t uq[N], ur[N];
  #pragma omp target teams distribute parallel for map(to: a, b) map(from: q, r, uq, ur)
  for (int i = 0; i < N; i++) {
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    uq[i] = (uint64_t)a[i] / (uint64_t)b[i];
    ur[i] = (uint64_t)a[i] % (uint64_t)b[i];
  }
  for (int i = 0; i < N; i++)
    printf("%lld %lld %llu %llu\n", (long long)q[i], (long long)r[i], (unsigned long long)uq[i], (unsigned long long)ur[i]);

  long rows = 37, cols = 300, m[37];
  #pragma omp target teams distribute map(from: m)
  for (long i = 0; i < rows; i++) {
    long s = 0;
    #pragma omp parallel for reduction(+:s)
    for (long j = 0; j < cols; j++) s += (j * 1000003L + i) % (i + 2) + (j << 33) / (i + 1);
    m[i] = s;
  }
  unsigned long t = 0;
  for (long i = 0; i < rows; i++) t = t * 31 + (unsigned long)m[i];
  printf("%lu\n", t);
  return 0;
}
