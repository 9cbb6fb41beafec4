// CHECK: 7:10: error: duplicate case value '1'
int main(int argc, char **argv) {
    (void)argv;
    switch (argc) {
    case 1: return 1;
    case 2: return 2;
    case 1: return 3;
    }
    return 0;
}
