/* jomp: <stdalign.h> */
#ifndef __JOMP_STDALIGN_H
#define __JOMP_STDALIGN_H
#define alignas _Alignas
#define alignof _Alignof
#define __alignas_is_defined 1
#define __alignof_is_defined 1
#endif
