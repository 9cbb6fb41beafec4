// CHECK: 6:20: error: format specifies type 'int' but the argument has type 'char *' [-Werror,-Wformat]
// CHECK: 7:20: error: format specifies type 'char *' but the argument has type 'int' [-Werror,-Wformat]
// CHECK-WARN
#include <stdio.h>
int main(void) {
    printf("%d\n", "not an int");
    printf("%s\n", 42);
    return 0;
}
