/* jomp's <x86gprintrin.h>: the general-purpose-register intrinsics it has (CRC-32C). */
#ifndef __X86GPRINTRIN_H
#define __X86GPRINTRIN_H

#include <crc32intrin.h>

#endif
