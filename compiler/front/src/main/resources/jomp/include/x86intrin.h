/* jomp's <x86intrin.h>: <immintrin.h> and <ia32intrin.h> (docs/user-guide.md, "x86 intrinsics"). */
#ifndef __X86INTRIN_H
#define __X86INTRIN_H

#include <ia32intrin.h>
#include <immintrin.h>

#endif
