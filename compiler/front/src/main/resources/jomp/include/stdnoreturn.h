/* jomp: <stdnoreturn.h> */
#ifndef __JOMP_STDNORETURN_H
#define __JOMP_STDNORETURN_H
#define noreturn _Noreturn
#endif
