// CHECK: 28:9: error: region cannot be closely nested inside 'for' region; perhaps you forget to enclose 'omp for' directive into a parallel region?
// CHECK: 31:7: error: region cannot be closely nested inside 'for' region; perhaps you forget to enclose 'omp single' directive into a parallel region?
// CHECK: 33:7: error: region cannot be closely nested inside 'for' region
// CHECK: 42:7: error: region cannot be closely nested inside 'critical' region
// CHECK: 43:7: error: region cannot be closely nested inside 'critical' region; perhaps you forget to enclose 'omp sections' directive into a parallel region?
// CHECK: 50:7: error: region cannot be closely nested inside 'master' region
// CHECK: 54:7: error: region cannot be closely nested inside 'single' region; perhaps you forget to enclose 'omp for' directive into a parallel region?
// CHECK: 59:7: error: region cannot be closely nested inside 'task' region
// CHECK: 60:7: error: region cannot be closely nested inside 'task' region
// CHECK: 67:9: error: region cannot be closely nested inside 'section' region; perhaps you forget to enclose 'omp single' directive into a parallel region?
// CHECK: 74:5: error: region cannot be closely nested inside 'taskloop' region; perhaps you forget to enclose 'omp for' directive into a parallel region?
// Worksharing constructs and barriers closely nested in regions that may not hold them (OpenMP 5.2
// §17: worksharing, loop, task, critical, ordered, masked regions): the innermost enclosing
// construct decides, whatever code lies between; the same constructs in a parallel region nested
// in between, or in an orphaned function, are fine.
void work(int);
void orphaned(int n) {
  #pragma omp for
  for (int i = 0; i < n; i++) work(i);
  #pragma omp barrier
}
void f(int n) {
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++) {
      if (i > 2) {
        #pragma omp for
        for (int j = 0; j < n; j++) work(j);
      }
      #pragma omp single
      work(i);
      #pragma omp barrier
      #pragma omp parallel
      {
        #pragma omp single
        work(i);
      }
    }
    #pragma omp critical
    {
      #pragma omp barrier
      #pragma omp sections
      {
        work(1);
      }
    }
    #pragma omp master
    {
      #pragma omp barrier
    }
    #pragma omp single
    {
      #pragma omp for
      for (int i = 0; i < n; i++) work(i);
    }
    #pragma omp task
    {
      #pragma omp barrier
      #pragma omp masked
      work(0);
    }
    #pragma omp sections
    {
      #pragma omp section
      {
        #pragma omp single
        work(2);
      }
    }
  }
  #pragma omp taskloop
  for (int i = 0; i < n; i++) {
    #pragma omp for
    for (int j = 0; j < n; j++) work(j);
  }
}
