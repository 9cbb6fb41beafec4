// CHECK: 6:12: warning: missing terminating '"' character [-Winvalid-pp-token]
// CHECK: 6:12: error: expected expression
// CHECK: 8:2: error: expected '}'
#include <stdio.h>
int main(void) {
    printf("unterminated);
    return 0;
}
