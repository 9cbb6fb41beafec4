// CHECK: 22:7: error: region cannot be closely nested inside 'for' region; perhaps you forget to enclose 'omp ordered' directive into a for or a parallel for region with 'ordered' clause?
// CHECK: 27:27: error: 'ordered' directive with 'depend' clause cannot be closely nested inside ordered region without specified parameter
// CHECK: 30:9: error: region cannot be closely nested inside 'task' region; perhaps you forget to enclose 'omp ordered' directive into a for or a parallel for region with 'ordered' clause?
// CHECK: 38:7: error: exactly one 'ordered' directive must appear in the loop body of an enclosing directive
// CHECK: 43:7: error: 'ordered' directive without any clauses cannot be closely nested inside ordered region with specified parameter
// CHECK: 45:27: error: 'ordered' directive with 'threads' clause cannot be closely nested inside ordered region with specified parameter
// CHECK: 47:42: error: directive '#pragma omp ordered' cannot contain more than one 'depend' clause with 'source' dependence
// CHECK: 48:27: error: 'depend' clauses cannot be mixed with 'threads' clause
// CHECK: 50:29: error: the parameter of the 'ordered' clause must be greater than or equal to the parameter of the 'collapse' clause
// CHECK: 53:26: error: 'ordered' clause with a parameter can not be specified in '#pragma omp for simd' directive
// CHECK: 56:23: error: 'ordered' directive with 'depend' clause cannot be closely nested inside ordered region without specified parameter
// The ordered construct's rules (OpenMP 5.2 §15.10.2): a region only in a loop with the ordered
// clause, not in a task or critical region; depend(source/sink) only in a loop with ordered(n),
// source at most once and not with sink or threads; a region without depend not in an ordered(n)
// loop, and one per iteration; ordered(n) not below collapse(n) and not on a loop with simd.
void work(int);
void f(int n) {
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++) {
      #pragma omp ordered
      work(i);
    }
    #pragma omp for ordered
    for (int i = 0; i < n; i++) {
      #pragma omp ordered depend(source)
      #pragma omp task
      {
        #pragma omp ordered
        work(i);
      }
    }
    #pragma omp for ordered
    for (int i = 0; i < n; i++) {
      #pragma omp ordered
      work(i);
      #pragma omp ordered threads
      work(i);
    }
    #pragma omp for ordered(1)
    for (int i = 0; i < n; i++) {
      #pragma omp ordered
      work(i);
      #pragma omp ordered threads
      work(i);
      #pragma omp ordered depend(source) depend(source)
      #pragma omp ordered depend(sink: i - 1) threads
    }
    #pragma omp for ordered(1) collapse(2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) work(j);
    #pragma omp for simd ordered(1)
    for (int i = 0; i < n; i++) work(i);
  }
  #pragma omp ordered depend(source)
}
