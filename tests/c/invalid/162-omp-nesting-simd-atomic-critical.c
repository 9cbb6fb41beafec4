// CHECK: 13:5: error: OpenMP constructs may not be nested inside a simd region except for ordered simd, simd, scan, or atomic directive
// CHECK: 22:5: error: OpenMP constructs may not be nested inside a simd region except for ordered simd, simd, scan, or atomic directive
// CHECK: 27:5: error: OpenMP constructs may not be nested inside an atomic region
// CHECK: 35:7: error: cannot nest 'critical' regions having the same name 'lock'
// CHECK: 41:5: error: construct 'critical' not allowed in a region associated with a directive with 'order' clause
// Constructs a simd region may not hold (all but ordered simd, simd, scan and atomic), constructs
// in an atomic region (a statement expression), a critical region inside one of the same name
// (anywhere around it, not only directly), and constructs in a region with order(concurrent).
void work(int);
void f(int n, int *a) {
  #pragma omp simd
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    work(i);
    #pragma omp atomic
    a[0] += i;
    #pragma omp ordered simd
    work(i);
  }
  #pragma omp parallel for simd
  for (int i = 0; i < n; i++) {
    #pragma omp single
    work(i);
  }
  #pragma omp atomic
  a[1] += ({
    #pragma omp flush
    1; });
  #pragma omp critical(lock)
  {
    #pragma omp parallel
    {
      #pragma omp critical
      work(0);
      #pragma omp critical(lock)
      work(1);
    }
  }
  #pragma omp parallel for order(concurrent)
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    work(i);
    #pragma omp parallel
    work(i);
  }
}
