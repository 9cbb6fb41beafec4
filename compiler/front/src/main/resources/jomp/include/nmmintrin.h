/* jomp's <nmmintrin.h>: SSE4.2, which <smmintrin.h> holds (docs/user-guide.md, "x86 intrinsics"). */
#ifndef __NMMINTRIN_H
#define __NMMINTRIN_H

#include <smmintrin.h>

#endif
