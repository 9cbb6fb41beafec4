/* jomp: <tgmath.h>, the compiler's own (C11 7.25), as clang keeps one in its resource directory:
   each macro picks the float, double, long double or complex function by the type of its
   arguments through _Generic (integer arguments count as double, C11 7.25p3). The functions are
   jomp's C library's or glibc's (docs/libc.md); glibc's long double ones cannot be called from jomp
   code (its long double is a double), which the link says. */
#ifndef __JOMP_TGMATH_H
#define __JOMP_TGMATH_H
#include <math.h>
#include <complex.h>

/* an argument's type for the choice: integers become double */
#define __tg_t(x) _Generic((x), float: (float)0, long double: (long double)0, \
    float _Complex: (float _Complex)0, double _Complex: (double _Complex)0, \
    long double _Complex: (long double _Complex)0, default: (double)0)

#undef acos
#define acos(x) _Generic(__tg_t(x), float: acosf, long double: acosl, float _Complex: cacosf, double _Complex: cacos, long double _Complex: cacosl, \
    default: acos)(x)
#undef asin
#define asin(x) _Generic(__tg_t(x), float: asinf, long double: asinl, float _Complex: casinf, double _Complex: casin, long double _Complex: casinl, \
    default: asin)(x)
#undef atan
#define atan(x) _Generic(__tg_t(x), float: atanf, long double: atanl, float _Complex: catanf, double _Complex: catan, long double _Complex: catanl, \
    default: atan)(x)
#undef acosh
#define acosh(x) _Generic(__tg_t(x), float: acoshf, long double: acoshl, float _Complex: cacoshf, double _Complex: cacosh, long double _Complex: cacoshl, \
    default: acosh)(x)
#undef asinh
#define asinh(x) _Generic(__tg_t(x), float: asinhf, long double: asinhl, float _Complex: casinhf, double _Complex: casinh, long double _Complex: casinhl, \
    default: asinh)(x)
#undef atanh
#define atanh(x) _Generic(__tg_t(x), float: atanhf, long double: atanhl, float _Complex: catanhf, double _Complex: catanh, long double _Complex: catanhl, \
    default: atanh)(x)
#undef cos
#define cos(x) _Generic(__tg_t(x), float: cosf, long double: cosl, float _Complex: ccosf, double _Complex: ccos, long double _Complex: ccosl, \
    default: cos)(x)
#undef sin
#define sin(x) _Generic(__tg_t(x), float: sinf, long double: sinl, float _Complex: csinf, double _Complex: csin, long double _Complex: csinl, \
    default: sin)(x)
#undef tan
#define tan(x) _Generic(__tg_t(x), float: tanf, long double: tanl, float _Complex: ctanf, double _Complex: ctan, long double _Complex: ctanl, \
    default: tan)(x)
#undef cosh
#define cosh(x) _Generic(__tg_t(x), float: coshf, long double: coshl, float _Complex: ccoshf, double _Complex: ccosh, long double _Complex: ccoshl, \
    default: cosh)(x)
#undef sinh
#define sinh(x) _Generic(__tg_t(x), float: sinhf, long double: sinhl, float _Complex: csinhf, double _Complex: csinh, long double _Complex: csinhl, \
    default: sinh)(x)
#undef tanh
#define tanh(x) _Generic(__tg_t(x), float: tanhf, long double: tanhl, float _Complex: ctanhf, double _Complex: ctanh, long double _Complex: ctanhl, \
    default: tanh)(x)
#undef exp
#define exp(x) _Generic(__tg_t(x), float: expf, long double: expl, float _Complex: cexpf, double _Complex: cexp, long double _Complex: cexpl, \
    default: exp)(x)
#undef log
#define log(x) _Generic(__tg_t(x), float: logf, long double: logl, float _Complex: clogf, double _Complex: clog, long double _Complex: clogl, \
    default: log)(x)
#undef sqrt
#define sqrt(x) _Generic(__tg_t(x), float: sqrtf, long double: sqrtl, float _Complex: csqrtf, double _Complex: csqrt, long double _Complex: csqrtl, \
    default: sqrt)(x)
#undef pow
#define pow(x, y) _Generic(__tg_t(x) + __tg_t(y), float: powf, long double: powl, float _Complex: cpowf, double _Complex: cpow, long double _Complex: cpowl, \
    default: pow)(x, y)
#undef fabs
#define fabs(x) _Generic(__tg_t(x), float: fabsf, long double: fabsl, float _Complex: cabsf, double _Complex: cabs, long double _Complex: cabsl, \
    default: fabs)(x)
#undef cbrt
#define cbrt(x) _Generic(__tg_t(x), float: cbrtf, long double: cbrtl, \
    default: cbrt)(x)
#undef ceil
#define ceil(x) _Generic(__tg_t(x), float: ceilf, long double: ceill, \
    default: ceil)(x)
#undef erf
#define erf(x) _Generic(__tg_t(x), float: erff, long double: erfl, \
    default: erf)(x)
#undef erfc
#define erfc(x) _Generic(__tg_t(x), float: erfcf, long double: erfcl, \
    default: erfc)(x)
#undef exp2
#define exp2(x) _Generic(__tg_t(x), float: exp2f, long double: exp2l, \
    default: exp2)(x)
#undef expm1
#define expm1(x) _Generic(__tg_t(x), float: expm1f, long double: expm1l, \
    default: expm1)(x)
#undef floor
#define floor(x) _Generic(__tg_t(x), float: floorf, long double: floorl, \
    default: floor)(x)
#undef ilogb
#define ilogb(x) _Generic(__tg_t(x), float: ilogbf, long double: ilogbl, \
    default: ilogb)(x)
#undef lgamma
#define lgamma(x) _Generic(__tg_t(x), float: lgammaf, long double: lgammal, \
    default: lgamma)(x)
#undef llrint
#define llrint(x) _Generic(__tg_t(x), float: llrintf, long double: llrintl, \
    default: llrint)(x)
#undef llround
#define llround(x) _Generic(__tg_t(x), float: llroundf, long double: llroundl, \
    default: llround)(x)
#undef log10
#define log10(x) _Generic(__tg_t(x), float: log10f, long double: log10l, \
    default: log10)(x)
#undef log1p
#define log1p(x) _Generic(__tg_t(x), float: log1pf, long double: log1pl, \
    default: log1p)(x)
#undef log2
#define log2(x) _Generic(__tg_t(x), float: log2f, long double: log2l, \
    default: log2)(x)
#undef logb
#define logb(x) _Generic(__tg_t(x), float: logbf, long double: logbl, \
    default: logb)(x)
#undef lrint
#define lrint(x) _Generic(__tg_t(x), float: lrintf, long double: lrintl, \
    default: lrint)(x)
#undef lround
#define lround(x) _Generic(__tg_t(x), float: lroundf, long double: lroundl, \
    default: lround)(x)
#undef nearbyint
#define nearbyint(x) _Generic(__tg_t(x), float: nearbyintf, long double: nearbyintl, \
    default: nearbyint)(x)
#undef rint
#define rint(x) _Generic(__tg_t(x), float: rintf, long double: rintl, \
    default: rint)(x)
#undef round
#define round(x) _Generic(__tg_t(x), float: roundf, long double: roundl, \
    default: round)(x)
#undef tgamma
#define tgamma(x) _Generic(__tg_t(x), float: tgammaf, long double: tgammal, \
    default: tgamma)(x)
#undef trunc
#define trunc(x) _Generic(__tg_t(x), float: truncf, long double: truncl, \
    default: trunc)(x)
#undef atan2
#define atan2(x, y) _Generic(__tg_t(x) + __tg_t(y), float: atan2f, long double: atan2l, \
    default: atan2)(x, y)
#undef copysign
#define copysign(x, y) _Generic(__tg_t(x) + __tg_t(y), float: copysignf, long double: copysignl, \
    default: copysign)(x, y)
#undef fdim
#define fdim(x, y) _Generic(__tg_t(x) + __tg_t(y), float: fdimf, long double: fdiml, \
    default: fdim)(x, y)
#undef fmax
#define fmax(x, y) _Generic(__tg_t(x) + __tg_t(y), float: fmaxf, long double: fmaxl, \
    default: fmax)(x, y)
#undef fmin
#define fmin(x, y) _Generic(__tg_t(x) + __tg_t(y), float: fminf, long double: fminl, \
    default: fmin)(x, y)
#undef fmod
#define fmod(x, y) _Generic(__tg_t(x) + __tg_t(y), float: fmodf, long double: fmodl, \
    default: fmod)(x, y)
#undef hypot
#define hypot(x, y) _Generic(__tg_t(x) + __tg_t(y), float: hypotf, long double: hypotl, \
    default: hypot)(x, y)
#undef nextafter
#define nextafter(x, y) _Generic(__tg_t(x) + __tg_t(y), float: nextafterf, long double: nextafterl, \
    default: nextafter)(x, y)
#undef remainder
#define remainder(x, y) _Generic(__tg_t(x) + __tg_t(y), float: remainderf, long double: remainderl, \
    default: remainder)(x, y)
#undef fma
#define fma(x, y, z) _Generic(__tg_t(x) + __tg_t(y) + __tg_t(z), float: fmaf, long double: fmal, \
    default: fma)(x, y, z)
#undef frexp
#define frexp(x, e) _Generic(__tg_t(x), float: frexpf, long double: frexpl, \
    default: frexp)(x, e)
#undef ldexp
#define ldexp(x, e) _Generic(__tg_t(x), float: ldexpf, long double: ldexpl, \
    default: ldexp)(x, e)
#undef scalbn
#define scalbn(x, e) _Generic(__tg_t(x), float: scalbnf, long double: scalbnl, \
    default: scalbn)(x, e)
#undef scalbln
#define scalbln(x, e) _Generic(__tg_t(x), float: scalblnf, long double: scalblnl, \
    default: scalbln)(x, e)
#undef nexttoward
#define nexttoward(x, y) _Generic(__tg_t(x), float: nexttowardf, long double: nexttowardl, \
    default: nexttoward)(x, y)
#undef remquo
#define remquo(x, y, q) _Generic(__tg_t(x) + __tg_t(y), float: remquof, long double: remquol, \
    default: remquo)(x, y, q)
#undef carg
#define carg(z) _Generic(__tg_t(z), float: cargf, long double: cargl, float _Complex: cargf, long double _Complex: cargl, \
    default: carg)(z)
#undef cimag
#define cimag(z) _Generic(__tg_t(z), float: cimagf, long double: cimagl, float _Complex: cimagf, long double _Complex: cimagl, \
    default: cimag)(z)
#undef conj
#define conj(z) _Generic(__tg_t(z), float: conjf, long double: conjl, float _Complex: conjf, long double _Complex: conjl, \
    default: conj)(z)
#undef cproj
#define cproj(z) _Generic(__tg_t(z), float: cprojf, long double: cprojl, float _Complex: cprojf, long double _Complex: cprojl, \
    default: cproj)(z)
#undef creal
#define creal(z) _Generic(__tg_t(z), float: crealf, long double: creall, float _Complex: crealf, long double _Complex: creall, \
    default: creal)(z)
#endif
