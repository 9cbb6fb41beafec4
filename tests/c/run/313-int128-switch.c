/* switch on __int128 and unsigned __int128: case values beyond 64 bits, values that fit in 64
   bits (negative ones too), GNU ranges that cross the 64-bit boundary, fall-through, default,
   a switch whose value is computed, nested in a loop with break and continue. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

#define BIG ((i128)1 << 100)
#define TWO64 ((u128)1 << 64)

static void print_u128(u128 v) {
    char buf[48];
    int n = 0;
    do {
        buf[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    while (n > 0) putchar(buf[--n]);
}

static const char *classify(i128 v) {
    switch (v) {
    case 0:
        return "zero";
    case -1:
        return "minus one";
    case 1 ... 9:
        return "small";
    case (i128)0x7fffffffffffffffLL:
        return "long max";
    case (i128)0x7fffffffffffffffLL + 1:
        return "long max + 1";
    case -(i128)0x7fffffffffffffffLL - 1:
        return "long min";
    case -(i128)0x7fffffffffffffffLL - 2:
        return "long min - 1";
    case BIG:
        return "2^100";
    case -BIG:
        return "-2^100";
    case BIG + 1 ... BIG + 1000:
        return "just above 2^100";
    case ((i128)1 << 63) + 1 ... ((i128)1 << 66):
        return "across 2^64";
    case -((i128)1 << 70) ... -((i128)1 << 63) - 5:
        return "deep negative range";
    default:
        return "other";
    }
}

static int unsigned_kind(u128 v) {
    int r = 0;
    switch (v) {
    case 0:
        r += 1;
        /* falls through */
    case 1:
        r += 10;
        break;
    case TWO64 - 1:
        r = 100;
        break;
    case TWO64:
        r = 200;
        break;
    case TWO64 + 1 ... TWO64 + 3:
        r = 300;
        break;
    case ~(u128)0:
        r = 400;
        break;
    case (u128)1 << 127:
        r = 500;
        break;
    case 0x8000000000000000ULL ... 0x8000000000000010ULL:
        r = 600;
        break;
    default:
        r = -1;
    }
    return r;
}

int main(void) {
    i128 probes[] = {0, -1, 5, 9, 10, 0x7fffffffffffffffLL, (i128)0x7fffffffffffffffLL + 1,
                     -(i128)0x7fffffffffffffffLL - 1, -(i128)0x7fffffffffffffffLL - 2, BIG, -BIG, BIG + 1,
                     BIG + 1000, BIG + 1001, ((i128)1 << 63) + 1, ((i128)1 << 64) + 7, (i128)1 << 66,
                     ((i128)1 << 66) + 1, -((i128)1 << 70), -((i128)1 << 64), -((i128)1 << 63) - 5,
                     -((i128)1 << 63) - 4, -((i128)1 << 71), 12345};
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        printf("%2u %s\n", i, classify(probes[i]));
    }
    u128 uprobes[] = {0, 1, 2, TWO64 - 1, TWO64, TWO64 + 2, TWO64 + 4, ~(u128)0, (u128)1 << 127,
                      0x8000000000000000ULL, 0x8000000000000010ULL, 0x8000000000000011ULL, ~(u128)0 - 1};
    for (unsigned i = 0; i < sizeof uprobes / sizeof uprobes[0]; i++) {
        print_u128(uprobes[i]);
        printf(" -> %d\n", unsigned_kind(uprobes[i]));
    }
    /* a computed value, in a loop with break and continue */
    i128 acc = 0;
    int visited = 0;
    for (i128 x = BIG - 3; x < BIG + 4; x++) {
        switch (x - BIG) {
        case -3:
            continue;
        case 0:
            acc += x;
            break;
        case 2:
            acc -= 1;
            /* falls through */
        default:
            acc += 1;
        }
        visited++;
    }
    printf("visited %d acc-BIG ", visited);
    print_u128((u128)(acc - BIG));
    putchar('\n');
    return 0;
}
