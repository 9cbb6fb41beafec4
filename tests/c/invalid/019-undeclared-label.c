// CHECK: 3:10: error: use of undeclared label 'finish'
int main(void) {
    goto finish;
    return 0;
}
