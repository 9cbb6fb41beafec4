// CHECK: 21:5: error: region cannot be closely nested inside 'parallel' region; perhaps you forget to enclose 'omp teams' directive into a target region?
// CHECK: 26:5: error: region cannot be closely nested inside 'target teams' region; perhaps you forget to enclose 'omp single' directive into a parallel region?
// CHECK: 37:7: error: region cannot be closely nested inside 'teams' region; perhaps you forget to enclose 'omp for' directive into a parallel region?
// CHECK: 43:5: error: region cannot be closely nested inside 'parallel' region; perhaps you forget to enclose 'omp distribute' directive into a teams region?
// CHECK: 50:7: error: region cannot be nested inside 'target' region
// CHECK: 52:7: error: region cannot be nested inside 'target' region
// CHECK: 54:7: error: region cannot be nested inside 'target' region
// Device constructs where OpenMP 5.2 forbids them: teams other than in a target region (or on its
// own in the program), what a teams region may hold (distribute, parallel, loop regions; atomic as
// clang's extension), distribute outside teams, and target constructs, data constructs included,
// inside a target region (device(ancestor: 1) aside).
void work(int);
void f(int n, int *a) {
  #pragma omp teams
  {
    #pragma omp distribute
    for (int i = 0; i < n; i++) work(i);
  }
  #pragma omp parallel
  {
    #pragma omp teams
    work(1);
  }
  #pragma omp target teams
  {
    #pragma omp single
    work(2);
    #pragma omp parallel
    work(3);
    #pragma omp atomic
    a[0]++;
  }
  #pragma omp target
  {
    #pragma omp teams
    {
      #pragma omp for
      for (int i = 0; i < n; i++) work(i);
    }
  }
  #pragma omp parallel
  {
    #pragma omp distribute
    for (int i = 0; i < n; i++) work(i);
  }
  #pragma omp target
  {
    #pragma omp parallel
    {
      #pragma omp target
      work(4);
      #pragma omp target data map(a[0:1])
      work(5);
      #pragma omp target update from(a[0:1])
    }
  }
  #pragma omp target data map(a[0:n])
  {
    #pragma omp target
    work(6);
  }
}
