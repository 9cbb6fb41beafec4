// KERNELS: 2
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 know neither uses_allocators' specifications with
// WHY: memspace and traits modifiers separated by ';' nor prefer_type's {fr(...), attr(...)} form
/* uses_allocators (OpenMP 6.0 §8.8): each allocator specification is [memspace(m)][, traits(t)]:
 * allocator, several of them separated by ';'; an allocator variable gets a new allocator made from
 * the memory space (omp_default_mem_space without it) and the traits (none without them) when the
 * region starts, destroyed when it ends; a predefined allocator is used as it is. The deprecated
 * a(traits) list still works. interop's prefer_type lists preferences, each a foreign runtime or
 * {fr(runtime), attr("ompx_...")}: the object gets a runtime the device supports, the same one
 * whatever the list says when the device has one. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define MIS(p, a) ((int)((uintptr_t)(p) % (a)) != 0)

int main(void) {
  omp_alloctrait_t big[1] = {{omp_atk_alignment, 512}};
  omp_alloctrait_t small[2] = {{omp_atk_alignment, 64}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t a = omp_null_allocator, b = omp_null_allocator, c = omp_null_allocator,
                         d = omp_null_allocator;
  int bad = -1, made = 0, sum = 0;
#pragma omp target map(from : bad, made, sum) \
    uses_allocators(traits(big): a; memspace(omp_default_mem_space), traits(small): b; \
                    memspace(omp_default_mem_space): c; omp_default_mem_alloc)
  {
    int *x = omp_alloc(16 * sizeof(int), a), *y = omp_alloc(3 * sizeof(int), b);
    int *z = omp_alloc(8 * sizeof(int), c), *w = omp_alloc(sizeof(int), omp_default_mem_alloc);
    bad = MIS(x, 512) + MIS(y, 64) + MIS(z, 8);
    made = (a != omp_null_allocator) + (b != omp_null_allocator) + (c != omp_null_allocator) + (x && y && z && w);
    for (int i = 0; i < 16; i++) x[i] = i;
    for (int i = 0; i < 16; i++) sum += x[i];
    omp_free(x, a);
    omp_free(y, b);
    omp_free(z, c);
    omp_free(w, omp_default_mem_alloc);
  }
  printf("uses_allocators with modifiers: misaligned %d, allocators and blocks made %d, sum %d\n", bad, made, sum);
  printf("the host's handles are untouched: %d\n",
         a == omp_null_allocator && b == omp_null_allocator && c == omp_null_allocator);
  int dbad = -1;
#pragma omp target map(from : dbad) uses_allocators(d(big), omp_high_bw_mem_alloc)
  {
    void *p = omp_alloc(40, d);
    dbad = MIS(p, 512);
    omp_free(p, d);
  }
  printf("deprecated a(traits) form: misaligned %d\n", dbad);

  omp_interop_t plain = omp_interop_none, pref = omp_interop_none, braces = omp_interop_none;
  int rc1 = 0, rc2 = 0, rc3 = 0;
#pragma omp interop init(targetsync: plain)
#pragma omp interop init(prefer_type("hip", omp_ifr_level_zero, omp_ifr_cuda), targetsync: pref)
#pragma omp interop init(prefer_type({fr("sycl"), attr("ompx_fast", "ompx_small")}, {attr("ompx_any")}, \
                                     {fr(omp_ifr_cuda)}), targetsync: braces)
  long fr1 = (long)omp_get_interop_int(plain, omp_ipr_fr_id, &rc1);
  long fr2 = (long)omp_get_interop_int(pref, omp_ipr_fr_id, &rc2);
  long fr3 = (long)omp_get_interop_int(braces, omp_ipr_fr_id, &rc3);
  printf("objects made alike: %d, same foreign runtime: %d, same return codes: %d\n",
         (plain == omp_interop_none) == (pref == omp_interop_none) &&
             (plain == omp_interop_none) == (braces == omp_interop_none),
         fr1 == fr2 && fr2 == fr3, rc1 == rc2 && rc2 == rc3);
#pragma omp interop destroy(plain) destroy(pref) destroy(braces)
  printf("destroyed: %d\n", plain == omp_interop_none && pref == omp_interop_none && braces == omp_interop_none);
  return 0;
}
