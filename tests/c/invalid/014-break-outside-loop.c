// CHECK: 6:9: error: 'break' statement not in loop or switch statement
// CHECK: 7:5: error: 'continue' statement not in loop statement
int main(void) {
    int x = 0;
    if (x == 0)
        break;
    continue;
    return x;
}
