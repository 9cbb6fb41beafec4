// KERNELS: 3
// ORACLE: expected
// WHY: clang 19 cannot compile dispatch ("cannot compile this OpenMP dispatch directive yet"), has no interop clause on dispatch and wants constant user conditions in declare variant (OpenMP 5.2 allows any); gcc 12 ignores dispatch (and adjust_args, append_args), calling the base function every time.
/* declare variant with adjust_args and append_args (OpenMP 5.2 §7.5.2, §7.6): in a dispatch
 * construct's call the variant gets the device's pointers for its need_device_ptr parameters (a
 * pointer to nothing mapped, or one in the dispatch's is_device_ptr, as it is) and an interop
 * object per append_args item: from the dispatch's interop clause, else made for the call on the
 * dispatch's device with the item's types and destroyed when the call returns. */
#include <stdio.h>
#include <omp.h>
static omp_interop_t last;
static const char *sync_of(omp_interop_t o) {
  int rc = 0;
  (void) omp_get_interop_ptr(o, omp_ipr_targetsync, &rc);
  return o == omp_interop_none ? "none" : rc == omp_irc_other ? "target" : "targetsync";
}
static int device_of(omp_interop_t o) {
  int rc = 0;
  int d = (int) omp_get_interop_int(o, omp_ipr_device_num, &rc);
  return rc == omp_irc_success ? d : -100 + rc;
}

/* the variant adds k on the device, through the device pointer it is given */
int add_dev(int *p, int n, int k, omp_interop_t sync) {
  last = sync;
  printf("add_dev: interop %s on device %s\n", sync_of(sync), device_of(sync) == omp_get_default_device() ? "default" : "other");
  #pragma omp target is_device_ptr(p)
  for (int i = 0; i < n; i++) p[i] += k;
  return 1;
}
#pragma omp declare variant(add_dev) match(construct={dispatch}) adjust_args(need_device_ptr: p) append_args(interop(targetsync))
int add(int *p, int n, int k) {
  for (int i = 0; i < n; i++) p[i] += 100 * k;
  return 0;
}

/* adjust_args(nothing:), a pointer to nothing mapped, and two appended objects, the first one the dispatch's */
static int *host_b, *host_c, *dev_d;
void show_dev(int *mapped, int *plain, int *unmapped, int *dev, omp_interop_t a, omp_interop_t b) {
  last = b;
  printf("show_dev: mapped %s, plain %s, unmapped %s, dev %s; interops %s, %s\n",
         mapped == omp_get_mapped_ptr(host_b, omp_get_default_device()) && mapped != host_b ? "device's" : "wrong",
         plain == host_b ? "kept" : "changed", unmapped == host_c ? "kept" : "changed", dev == dev_d ? "kept" : "changed",
         sync_of(a), sync_of(b));
}
#pragma omp declare variant(show_dev) match(construct={dispatch}) adjust_args(need_device_ptr: mapped, unmapped, dev) \
    adjust_args(nothing: plain) append_args(interop(target), interop(targetsync))
void show(int *mapped, int *plain, int *unmapped, int *dev) { printf("show: base %d\n", mapped == plain && unmapped != dev); }

/* a variant chosen when the call runs (a user condition) */
static int use_variant;
double scale_dev(double *x, double f, omp_interop_t o) {
  double r = 0;
  #pragma omp target is_device_ptr(x) map(from: r)
  r = x[0] * f;
  printf("scale_dev: %s\n", sync_of(o));
  return r;
}
#pragma omp declare variant(scale_dev) match(construct={dispatch}, user={condition(use_variant)}) \
    adjust_args(need_device_ptr: x) append_args(interop(target))
double scale(double *x, double f) { return -x[0] * f; }

int main(void) {
  int a[4] = {1, 2, 3, 4}, r1, r2, r3, dev = omp_get_default_device();
  #pragma omp target data map(tofrom: a)
  {
    #pragma omp dispatch
    r1 = add(a, 4, 1);
    r2 = add(a, 4, 2);   /* no dispatch: the base function, on the host's copy */
    #pragma omp dispatch novariants(1)
    r3 = add(a, 4, 3);
    #pragma omp target update from(a)
    printf("a = %d %d %d %d; returned %d %d %d\n", a[0], a[1], a[2], a[3], r1, r2, r3);
    #pragma omp dispatch device(dev)
    add(a, 4, 1);
  }
  printf("a = %d %d %d %d; the call's object destroyed: %s\n", a[0], a[1], a[2], a[3], device_of(last) == -100 + omp_irc_empty ? "yes" : "no");

  omp_interop_t mine = omp_interop_none;
  #pragma omp interop init(target: mine)
  int b[2] = {0, 0}, c = 0, *d = omp_target_alloc(sizeof(int), dev);
  host_b = b, host_c = &c, dev_d = d;
  #pragma omp target enter data map(to: b)
  #pragma omp dispatch interop(mine) is_device_ptr(d)
  show(b, b, &c, d);
  printf("dispatch's object kept: %s; the made one destroyed: %s\n", sync_of(mine), device_of(last) == -100 + omp_irc_empty ? "yes" : "no");
  #pragma omp target exit data map(delete: b)
  #pragma omp interop destroy(mine)
  omp_target_free(d, dev);

  double x = 2.5;
  #pragma omp target enter data map(to: x)
  for (use_variant = 0; use_variant < 2; use_variant++) {
    double s;
    #pragma omp dispatch
    s = scale(&x, 4.0);
    printf("use_variant %d: %g\n", use_variant, s);
  }
  #pragma omp target exit data map(release: x)
  return 0;
}
