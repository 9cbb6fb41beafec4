// CHECK: 2:10: fatal error: 'does_not_exist.h' file not found
#include "does_not_exist.h"
int main(void) { return 0; }
