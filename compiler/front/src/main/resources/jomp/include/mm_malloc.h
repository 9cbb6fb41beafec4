/* jomp's <mm_malloc.h>: aligned allocation for vectors, through posix_memalign. */
#ifndef __MM_MALLOC_H
#define __MM_MALLOC_H

#include <stdlib.h>

static __inline__ void *__attribute__((__unused__)) _mm_malloc(size_t __size, size_t __align) {
  void *__p;
  if (__align == 1) return malloc(__size);
  if (__align < sizeof(void *)) __align = sizeof(void *);
  if (__align & (__align - 1)) return 0;
  return posix_memalign(&__p, __align, __size) ? 0 : __p;
}

static __inline__ void __attribute__((__unused__)) _mm_free(void *__p) { free(__p); }

#endif
