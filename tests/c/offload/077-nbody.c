// KERNELS: 10
/* A small n-body simulation: forces on the device each step, positions updated on the device. */
#include <stdio.h>
#include <math.h>
#define N 64
#define STEPS 5
typedef struct { double x, y, z, vx, vy, vz, m; } body;
int main(void) {
  body b[N];
  for (int i = 0; i < N; i++)
    b[i] = (body){(i % 4) * 1.0, (i / 4 % 4) * 1.0, (i / 16) * 1.0, 0, 0, 0, 1.0 + (i % 3)};
  double ax[N], ay[N], az[N];
#pragma omp target data map(tofrom : b) map(alloc : ax, ay, az)
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) {
      double fx = 0, fy = 0, fz = 0;
      for (int j = 0; j < N; j++) {
        double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y, dz = b[j].z - b[i].z;
        double r2 = dx * dx + dy * dy + dz * dz + 0.01;
        double inv = b[j].m / (r2 * sqrt(r2));
        fx += dx * inv; fy += dy * inv; fz += dz * inv;
      }
      ax[i] = fx; ay[i] = fy; az[i] = fz;
    }
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) {
      b[i].vx += 0.01 * ax[i]; b[i].vy += 0.01 * ay[i]; b[i].vz += 0.01 * az[i];
      b[i].x += 0.01 * b[i].vx; b[i].y += 0.01 * b[i].vy; b[i].z += 0.01 * b[i].vz;
    }
  }
  double e = 0;
  for (int i = 0; i < N; i++) e += 0.5 * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
  printf("b[0]=(%.9f %.9f %.9f) b[63].vx=%.9f kinetic=%.9f\n", b[0].x, b[0].y, b[0].z, b[63].vx, e);
  return 0;
}
