/*
 * jomp's <crc32intrin.h>: SSE4.2's crc32 instruction, CRC-32C (Castagnoli, the reflected
 * polynomial 0x82f63b78), bit by bit over the data's bytes, least significant first; like the
 * instruction, neither the initial value nor the result is inverted.
 */
#ifndef __CRC32INTRIN_H
#define __CRC32INTRIN_H

static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) unsigned int
__jomp_crc32c(unsigned int __c, unsigned long long __d, int __bytes) {
  for (int __i = 0; __i < __bytes; __i++) {
    __c ^= (unsigned int)(__d >> (8 * __i)) & 0xff;
    for (int __k = 0; __k < 8; __k++) __c = (__c >> 1) ^ (0x82f63b78u & (0u - (__c & 1)));
  }
  return __c;
}
static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) unsigned int
_mm_crc32_u8(unsigned int __c, unsigned char __d) { return __jomp_crc32c(__c, __d, 1); }
static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) unsigned int
_mm_crc32_u16(unsigned int __c, unsigned short __d) { return __jomp_crc32c(__c, __d, 2); }
static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) unsigned int
_mm_crc32_u32(unsigned int __c, unsigned int __d) { return __jomp_crc32c(__c, __d, 4); }
static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) unsigned long long
_mm_crc32_u64(unsigned long long __c, unsigned long long __d) { return __jomp_crc32c((unsigned int)__c, __d, 8); }

#endif
