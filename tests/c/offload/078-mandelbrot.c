// KERNELS: 1
/* Mandelbrot iteration counts on the device (collapse(2), dynamic schedule), printed as ASCII art. */
#include <stdio.h>
#define W 60
#define H 24
int main(void) {
  int it[H][W];
#pragma omp target teams distribute parallel for collapse(2) schedule(dynamic, 8) map(from : it)
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      double cr = -2.0 + x * 2.75 / W, ci = -1.125 + y * 2.25 / H, zr = 0, zi = 0;
      int k = 0;
      while (k < 200 && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        k++;
      }
      it[y][x] = k;
    }
  long tot = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) { putchar(" .:-=+*#%@"[it[y][x] >= 200 ? 9 : it[y][x] % 9]); tot += it[y][x]; }
    putchar('\n');
  }
  printf("total iterations %ld\n", tot);
  return 0;
}
