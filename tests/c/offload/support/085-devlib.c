/* Device functions and globals for 085-declare-target-two-files.c (also the static-library test). */
#pragma omp declare target
int offset(void) { return 1; }
int scale = 3;
int devscale(int x) { return x * scale + offset(); }
#pragma omp end declare target
double table[4] = {0.5, 1.5, 2.5, 3.5};
#pragma omp declare target(table)
