// CHECK: 5:1: error: unterminated /* comment
int main(void) {
    return 0;
}
/* this comment never ends
int after;
