// CHECK: 17:17: error: exactly one of 'inclusive' or 'exclusive' clauses is expected
// CHECK: 14:48: error: the inscan reduction list item must appear as a list item in an 'inclusive' or 'exclusive' clause on an inner 'omp scan' directive
// CHECK: 23:31: error: exactly one of 'inclusive' or 'exclusive' clauses is expected
// CHECK: 26:56: error: the inscan reduction list item must appear as a list item in an 'inclusive' or 'exclusive' clause on an inner 'omp scan' directive
// CHECK: 36:31: error: the list item must appear in 'reduction' clause with the 'inscan' modifier of the parent directive
// CHECK: 44:1: error: exactly one 'scan' directive must appear in the loop body of an enclosing directive
// CHECK: 46:48: error: the inscan reduction list item must appear as a list item in an 'inclusive' or 'exclusive' clause on an inner 'omp scan' directive
/* The scan directive (OpenMP 5.2 §5.6, 6.0 §7.7): exactly one inclusive or exclusive clause
 * (init_complete alone is 6.0's other form: offload/284), its list items inscan reduction items
 * of the enclosing loop construct, each of which must appear on the loop's one such scan. */
int a[16];
int main(void) {
  int s = 0, t = 0;
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < 16; i++) {
    s += a[i];
#pragma omp scan
    a[i] = s;
  }
#pragma omp simd reduction(inscan, + : s)
  for (int i = 0; i < 16; i++) {
    s += a[i];
#pragma omp scan inclusive(s) exclusive(s)
    a[i] = s;
  }
#pragma omp parallel for simd reduction(inscan, + : s, t)
  for (int i = 0; i < 16; i++) {
    s += a[i];
    t += a[i];
#pragma omp scan exclusive(s)
    a[i] = s + t;
  }
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < 16; i++) {
    s += a[i];
#pragma omp scan inclusive(s, t)
    a[i] = s;
  }
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < 16; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    a[i] = s;
#pragma omp scan inclusive(s)
  }
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < 16; i++)
    s += a[i];
  return s + t;
}
