/* jomp: <tgmath.h>, the compiler's own (C11 7.25), as clang keeps one in its resource directory:
   each macro picks the float, double, long double or complex function by the type of its
   arguments through _Generic. Integer arguments count as double (C11 7.25p3). */
#ifndef __JOMP_TGMATH_H
#define __JOMP_TGMATH_H
#include <math.h>
#include <complex.h>

/* an argument's type for the choice: integers become double */
#define __tg_t(x) _Generic((x), float: (float)0, long double: (long double)0, \
    float _Complex: (float _Complex)0, double _Complex: (double _Complex)0, \
    long double _Complex: (long double _Complex)0, default: (double)0)
#define __tg_real(fn, x) _Generic(__tg_t(x), float: fn##f, long double: fn##l, default: fn)
#define __tg_real2(fn, x, y) _Generic(__tg_t(x) + __tg_t(y), float: fn##f, long double: fn##l, default: fn)
#define __tg_real3(fn, x, y, z) _Generic(__tg_t(x) + __tg_t(y) + __tg_t(z), float: fn##f, long double: fn##l, default: fn)
#define __tg_both(fn, x) _Generic(__tg_t(x), float: fn##f, long double: fn##l, \
    float _Complex: c##fn##f, double _Complex: c##fn, long double _Complex: c##fn##l, default: fn)

#undef acos
#define acos(x) __tg_both(acos, x)(x)
#undef asin
#define asin(x) __tg_both(asin, x)(x)
#undef atan
#define atan(x) __tg_both(atan, x)(x)
#undef acosh
#define acosh(x) __tg_both(acosh, x)(x)
#undef asinh
#define asinh(x) __tg_both(asinh, x)(x)
#undef atanh
#define atanh(x) __tg_both(atanh, x)(x)
#undef cos
#define cos(x) __tg_both(cos, x)(x)
#undef sin
#define sin(x) __tg_both(sin, x)(x)
#undef tan
#define tan(x) __tg_both(tan, x)(x)
#undef cosh
#define cosh(x) __tg_both(cosh, x)(x)
#undef sinh
#define sinh(x) __tg_both(sinh, x)(x)
#undef tanh
#define tanh(x) __tg_both(tanh, x)(x)
#undef exp
#define exp(x) __tg_both(exp, x)(x)
#undef log
#define log(x) __tg_both(log, x)(x)
#undef sqrt
#define sqrt(x) __tg_both(sqrt, x)(x)
#undef pow
#define pow(x, y) _Generic(__tg_t(x) + __tg_t(y), float: powf, long double: powl, \
    float _Complex: cpowf, double _Complex: cpow, long double _Complex: cpowl, default: pow)(x, y)
#undef fabs
#define fabs(x) _Generic(__tg_t(x), float: fabsf, long double: fabsl, \
    float _Complex: cabsf, double _Complex: cabs, long double _Complex: cabsl, default: fabs)(x)
#undef cbrt
#define cbrt(x) __tg_real(cbrt, x)(x)
#undef ceil
#define ceil(x) __tg_real(ceil, x)(x)
#undef erf
#define erf(x) __tg_real(erf, x)(x)
#undef erfc
#define erfc(x) __tg_real(erfc, x)(x)
#undef exp2
#define exp2(x) __tg_real(exp2, x)(x)
#undef expm1
#define expm1(x) __tg_real(expm1, x)(x)
#undef floor
#define floor(x) __tg_real(floor, x)(x)
#undef ilogb
#define ilogb(x) __tg_real(ilogb, x)(x)
#undef lgamma
#define lgamma(x) __tg_real(lgamma, x)(x)
#undef llrint
#define llrint(x) __tg_real(llrint, x)(x)
#undef llround
#define llround(x) __tg_real(llround, x)(x)
#undef log10
#define log10(x) __tg_real(log10, x)(x)
#undef log1p
#define log1p(x) __tg_real(log1p, x)(x)
#undef log2
#define log2(x) __tg_real(log2, x)(x)
#undef logb
#define logb(x) __tg_real(logb, x)(x)
#undef lrint
#define lrint(x) __tg_real(lrint, x)(x)
#undef lround
#define lround(x) __tg_real(lround, x)(x)
#undef nearbyint
#define nearbyint(x) __tg_real(nearbyint, x)(x)
#undef rint
#define rint(x) __tg_real(rint, x)(x)
#undef round
#define round(x) __tg_real(round, x)(x)
#undef tgamma
#define tgamma(x) __tg_real(tgamma, x)(x)
#undef trunc
#define trunc(x) __tg_real(trunc, x)(x)
#undef atan2
#define atan2(x, y) __tg_real2(atan2, x, y)(x, y)
#undef copysign
#define copysign(x, y) __tg_real2(copysign, x, y)(x, y)
#undef fdim
#define fdim(x, y) __tg_real2(fdim, x, y)(x, y)
#undef fmax
#define fmax(x, y) __tg_real2(fmax, x, y)(x, y)
#undef fmin
#define fmin(x, y) __tg_real2(fmin, x, y)(x, y)
#undef fmod
#define fmod(x, y) __tg_real2(fmod, x, y)(x, y)
#undef hypot
#define hypot(x, y) __tg_real2(hypot, x, y)(x, y)
#undef nextafter
#define nextafter(x, y) __tg_real2(nextafter, x, y)(x, y)
#undef remainder
#define remainder(x, y) __tg_real2(remainder, x, y)(x, y)
#undef fma
#define fma(x, y, z) __tg_real3(fma, x, y, z)(x, y, z)
#undef frexp
#define frexp(x, e) __tg_real(frexp, x)(x, e)
#undef ldexp
#define ldexp(x, e) __tg_real(ldexp, x)(x, e)
#undef scalbn
#define scalbn(x, e) __tg_real(scalbn, x)(x, e)
#undef scalbln
#define scalbln(x, e) __tg_real(scalbln, x)(x, e)
#undef nexttoward
#define nexttoward(x, y) __tg_real(nexttoward, x)(x, y)
#undef remquo
#define remquo(x, y, q) __tg_real2(remquo, x, y)(x, y, q)
#undef carg
#define carg(z) _Generic(__tg_t(z), float: cargf, long double: cargl, float _Complex: cargf, \
    long double _Complex: cargl, default: carg)(z)
#undef cimag
#define cimag(z) _Generic(__tg_t(z), float: cimagf, long double: cimagl, float _Complex: cimagf, \
    long double _Complex: cimagl, default: cimag)(z)
#undef conj
#define conj(z) _Generic(__tg_t(z), float: conjf, long double: conjl, float _Complex: conjf, \
    long double _Complex: conjl, default: conj)(z)
#undef cproj
#define cproj(z) _Generic(__tg_t(z), float: cprojf, long double: cprojl, float _Complex: cprojf, \
    long double _Complex: cprojl, default: cproj)(z)
#undef creal
#define creal(z) _Generic(__tg_t(z), float: crealf, long double: creall, float _Complex: crealf, \
    long double _Complex: creall, default: creal)(z)
#endif
