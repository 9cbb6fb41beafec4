/* 172's other translation unit: a static indirect function named as one of the main unit's. */
#pragma omp begin declare target indirect
static int scale(int x) { return 1000 * x; }
#pragma omp end declare target
typedef int (*op_t)(int);
op_t other_scale(void) { return scale; }
