#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
int main(void) {
    printf("%d %d %d %d\n", atoi("42"), atoi("  -17abc"), atoi("+8"), atoi("x"));
    printf("%ld %lld %g\n", atol("123456789"), atoll("-9000000000"), atof("2.5e3"));
    char *end;
    long v = strtol("  0x1Fz", &end, 16);
    printf("%ld [%s]\n", v, end);
    v = strtol("0755", &end, 0);
    printf("%ld\n", v);
    v = strtol("0x10", &end, 0);
    printf("%ld\n", v);
    v = strtol("-101", &end, 2);
    printf("%ld\n", v);
    v = strtol("zz", &end, 36);
    printf("%ld\n", v);
    v = strtol("abc", &end, 10);
    printf("%ld %d\n", v, *end == 'a');
    errno = 0;
    v = strtol("99999999999999999999", &end, 10);
    printf("%ld %d\n", v, errno == ERANGE);
    unsigned long u = strtoul("4294967296", &end, 10);
    printf("%lu\n", u);
    u = strtoul("ffffffffffffffff", NULL, 16);
    printf("%lu\n", u);
    unsigned long long ull = strtoull("18446744073709551615", NULL, 10);
    long long ll = strtoll("-42", NULL, 10);
    printf("%llu %lld\n", ull, ll);
    double d = strtod("  3.25e-2xyz", &end);
    printf("%.17g [%s]\n", d, end);
    printf("%.17g %.17g %.17g\n", strtod("0x1.8p1", NULL), strtod("-inf", NULL), strtod("1e-400", NULL));
    printf("%.17g\n", strtod("0.1", NULL));
    printf("%.17g\n", strtod("123456789012345678901234567890", NULL));
    return 0;
}
