/* jomp's <wmmintrin.h>: AES-NI and PCLMULQDQ (docs/user-guide.md, "x86 intrinsics"). */
#ifndef __WMMINTRIN_H
#define __WMMINTRIN_H

#include <emmintrin.h>
#include <__wmmintrin_aes.h>
#include <__wmmintrin_pclmul.h>

#endif
