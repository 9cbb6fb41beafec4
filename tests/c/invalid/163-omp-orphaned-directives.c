// CHECK: 14:3: error: orphaned 'omp section' directives are prohibited, it must be closely nested to a sections region
// CHECK: 18:5: error: 'omp section' directive must be closely nested to a sections region, not a parallel region
// CHECK: 21:3: error: orphaned 'omp cancel' directives are prohibited; perhaps you forget to enclose the directive into a region?
// CHECK: 22:3: error: orphaned 'omp cancellation point' directives are prohibited; perhaps you forget to enclose the directive into a region?
// CHECK: 25:5: error: region cannot be closely nested inside 'parallel' region
// CHECK: 28:7: error: region cannot be closely nested inside 'for' region
// CHECK: 31:5: error: region cannot be closely nested inside 'parallel' region
// Directives that may not be orphaned even in a function called from a region: section outside
// sections, cancel and cancellation point outside the construct they name (also nested one level
// too deep), scan outside a for/simd loop with an inscan reduction.
void work(int);
void f(int n) {
  int x = 0;
  #pragma omp section
  work(0);
  #pragma omp parallel
  {
    #pragma omp section
    work(1);
  }
  #pragma omp cancel for
  #pragma omp cancellation point parallel
  #pragma omp parallel
  {
    #pragma omp cancel sections
    #pragma omp for
    for (int i = 0; i < n; i++) {
      #pragma omp cancel parallel
      #pragma omp cancel for
    }
    #pragma omp cancel taskgroup
    #pragma omp task
    {
      #pragma omp cancel taskgroup
    }
  }
  #pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    x += i;
    #pragma omp scan inclusive(x)
    work(x);
  }
}
