/* run/330's other unit: calls its ifuncs as plain functions. */
long sum(const int *a, int n);
void bump(int by);

long other_sum(const int *a, int n) { return sum(a, n) * 10; }
void other_bump(int by) { bump(by); }
