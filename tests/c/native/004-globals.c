// NATIVE: -ljnative
// A library's global variables, read and written from jomp code, and seen by the library.
#include <stdio.h>
#include "jnative.h"

int main(void) {
    printf("%d %g %s %d %d\n", lib_counter, lib_scale, lib_name, lib_origin.a, lib_origin.b);
    lib_counter += 35;
    lib_table[4] = 100;
    printf("counter %d (lib sees %d) table %d\n", lib_counter, lib_get_counter(), lib_table_sum());
    int *pc = &lib_counter;
    *pc = 1;
    printf("through pointer %d %d\n", lib_get_counter(), lib_default_op(6, 7));
    lib_scale *= 2;
    printf("scale %g\n", lib_scale);
    return 0;
}
