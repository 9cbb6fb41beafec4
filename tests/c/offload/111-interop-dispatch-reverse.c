// ORACLE: expected
// KERNELS: 1
// NVPTX-FALLS-BACK: reverse_offload
// WHY: gcc 12 has neither interop nor requires reverse_offload; clang 19 rejects requires reverse_offload and its host plugin crashes making an interop object.
/* interop (OpenMP 5.2 §14.1): an object for the default device, its properties and return codes;
   dispatch with a device clause (the call runs with that default device); a region handed back
   to the host from device code, device(ancestor: 1), on host copies of what it maps. */
#include <stdio.h>
#include <omp.h>
#pragma omp requires reverse_offload
static int default_device(void) { return omp_get_default_device(); }
int main(void) {
  omp_interop_t obj = omp_interop_none;
  int dev = omp_get_default_device(), rc = 0;
#pragma omp interop init(targetsync: obj) device(dev)
  printf("object %s, %d extra properties\n", obj == omp_interop_none ? "none" : "made", omp_get_num_interop_properties(obj));
  long num = (long) omp_get_interop_int(obj, omp_ipr_device_num, &rc);
  printf("%s = %ld (%s): %s\n", omp_get_interop_name(obj, omp_ipr_device_num), num,
         omp_get_interop_type_desc(obj, omp_ipr_device_num), omp_get_interop_rc_desc(obj, rc));
  (void) omp_get_interop_int(obj, omp_ipr_fr_name, &rc);
  printf("fr_name read as an int: %s\n", omp_get_interop_rc_desc(obj, rc));
  (void) omp_get_interop_int(obj, 3, &rc);
  printf("property 3: %s\n", omp_get_interop_rc_desc(obj, rc));
#pragma omp interop use(obj)
#pragma omp interop destroy(obj)
  printf("after destroy: %s\n", obj == omp_interop_none ? "omp_interop_none" : "still set");
  omp_interop_t plain = omp_interop_none;
#pragma omp interop init(target: plain)
  (void) omp_get_interop_ptr(plain, omp_ipr_targetsync, &rc);
  printf("targetsync of a target-only object: %s\n", omp_get_interop_rc_desc(plain, rc));
#pragma omp interop destroy(plain)

  int host = omp_get_initial_device(), r = -1;
#pragma omp dispatch device(host)
  r = default_device();
  printf("dispatch: ran with default device %s, now %s\n", r == host ? "host" : "other", omp_get_default_device() == dev ? "restored" : "changed");

  int a[4] = {1, 2, 3, 4}, on_host = -1, sum = 0;
#pragma omp target map(tofrom: a, on_host, sum)
  {
    for (int i = 0; i < 4; i++) a[i] *= 10;
#pragma omp target device(ancestor: 1) map(to: a) map(from: on_host) map(tofrom: sum)
    {
      on_host = omp_is_initial_device();
      for (int i = 0; i < 4; i++) sum += a[i];
      a[0] = -1;   /* the host's copy, mapped 'to' only */
    }
    a[1] += sum;
  }
  printf("reverse offload: on host %d, sum %d, a = %d %d %d %d\n", on_host, sum, a[0], a[1], a[2], a[3]);
  return 0;
}
