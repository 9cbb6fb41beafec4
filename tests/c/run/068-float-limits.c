#include <stdio.h>
#include <float.h>
int main(void) {
    printf("%d %d %d\n", FLT_RADIX, FLT_MANT_DIG, DBL_MANT_DIG);
    printf("%d %d\n", FLT_DIG, DBL_DIG);
    printf("%.9g %.9g %.9g\n", FLT_MAX, FLT_MIN, FLT_EPSILON);
    printf("%.17g %.17g %.17g\n", DBL_MAX, DBL_MIN, DBL_EPSILON);
    printf("%d %d %d %d\n", DBL_MAX_EXP, DBL_MIN_EXP, DBL_MAX_10_EXP, DBL_MIN_10_EXP);
    printf("%d %d\n", FLT_MAX_EXP, FLT_MIN_EXP);
    printf("%d\n", 1.0 + DBL_EPSILON > 1.0);
    printf("%d\n", 1.0 + DBL_EPSILON / 2 == 1.0);
    printf("%a %a\n", DBL_MAX, DBL_MIN);
    return 0;
}
