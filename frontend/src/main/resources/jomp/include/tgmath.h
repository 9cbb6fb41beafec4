/* jomp: <tgmath.h>, the compiler's own (C11 7.25), as clang keeps one in its resource directory:
   each macro picks the float, double, long double or complex function by the type of its
   arguments through _Generic (integer arguments count as double, C11 7.25p3). Where jomp's C
   library lacks the function a choice leads to (complex acos, ...), calling it is a compile-time
   error naming it: "called object type 'struct __tgmath_cacos_is_not_in_jomps_C_library *' ...". */
#ifndef __JOMP_TGMATH_H
#define __JOMP_TGMATH_H
#include <math.h>
#include <complex.h>

/* an argument's type for the choice: integers become double */
#define __tg_t(x) _Generic((x), float: (float)0, long double: (long double)0, \
    float _Complex: (float _Complex)0, double _Complex: (double _Complex)0, \
    long double _Complex: (long double _Complex)0, default: (double)0)

#undef acos
#define acos(x) _Generic(__tg_t(x), float: acosf, long double: acosl, float _Complex: (struct __tgmath_cacosf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_cacos_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_cacosl_is_not_in_jomps_C_library *)0, \
    default: acos)(x)
#undef asin
#define asin(x) _Generic(__tg_t(x), float: asinf, long double: asinl, float _Complex: (struct __tgmath_casinf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_casin_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_casinl_is_not_in_jomps_C_library *)0, \
    default: asin)(x)
#undef atan
#define atan(x) _Generic(__tg_t(x), float: atanf, long double: atanl, float _Complex: (struct __tgmath_catanf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_catan_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_catanl_is_not_in_jomps_C_library *)0, \
    default: atan)(x)
#undef acosh
#define acosh(x) _Generic(__tg_t(x), float: acoshf, long double: acoshl, float _Complex: (struct __tgmath_cacoshf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_cacosh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_cacoshl_is_not_in_jomps_C_library *)0, \
    default: acosh)(x)
#undef asinh
#define asinh(x) _Generic(__tg_t(x), float: asinhf, long double: asinhl, float _Complex: (struct __tgmath_casinhf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_casinh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_casinhl_is_not_in_jomps_C_library *)0, \
    default: asinh)(x)
#undef atanh
#define atanh(x) _Generic(__tg_t(x), float: atanhf, long double: atanhl, float _Complex: (struct __tgmath_catanhf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_catanh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_catanhl_is_not_in_jomps_C_library *)0, \
    default: atanh)(x)
#undef cos
#define cos(x) _Generic(__tg_t(x), float: cosf, long double: cosl, float _Complex: (struct __tgmath_ccosf_is_not_in_jomps_C_library *)0, double _Complex: ccos, long double _Complex: (struct __tgmath_ccosl_is_not_in_jomps_C_library *)0, \
    default: cos)(x)
#undef sin
#define sin(x) _Generic(__tg_t(x), float: sinf, long double: sinl, float _Complex: (struct __tgmath_csinf_is_not_in_jomps_C_library *)0, double _Complex: csin, long double _Complex: (struct __tgmath_csinl_is_not_in_jomps_C_library *)0, \
    default: sin)(x)
#undef tan
#define tan(x) _Generic(__tg_t(x), float: tanf, long double: tanl, float _Complex: (struct __tgmath_ctanf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_ctan_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_ctanl_is_not_in_jomps_C_library *)0, \
    default: tan)(x)
#undef cosh
#define cosh(x) _Generic(__tg_t(x), float: coshf, long double: coshl, float _Complex: (struct __tgmath_ccoshf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_ccosh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_ccoshl_is_not_in_jomps_C_library *)0, \
    default: cosh)(x)
#undef sinh
#define sinh(x) _Generic(__tg_t(x), float: sinhf, long double: sinhl, float _Complex: (struct __tgmath_csinhf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_csinh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_csinhl_is_not_in_jomps_C_library *)0, \
    default: sinh)(x)
#undef tanh
#define tanh(x) _Generic(__tg_t(x), float: tanhf, long double: tanhl, float _Complex: (struct __tgmath_ctanhf_is_not_in_jomps_C_library *)0, double _Complex: (struct __tgmath_ctanh_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_ctanhl_is_not_in_jomps_C_library *)0, \
    default: tanh)(x)
#undef exp
#define exp(x) _Generic(__tg_t(x), float: expf, long double: expl, float _Complex: (struct __tgmath_cexpf_is_not_in_jomps_C_library *)0, double _Complex: cexp, long double _Complex: (struct __tgmath_cexpl_is_not_in_jomps_C_library *)0, \
    default: exp)(x)
#undef log
#define log(x) _Generic(__tg_t(x), float: logf, long double: logl, float _Complex: (struct __tgmath_clogf_is_not_in_jomps_C_library *)0, double _Complex: clog, long double _Complex: (struct __tgmath_clogl_is_not_in_jomps_C_library *)0, \
    default: log)(x)
#undef sqrt
#define sqrt(x) _Generic(__tg_t(x), float: sqrtf, long double: sqrtl, float _Complex: (struct __tgmath_csqrtf_is_not_in_jomps_C_library *)0, double _Complex: csqrt, long double _Complex: (struct __tgmath_csqrtl_is_not_in_jomps_C_library *)0, \
    default: sqrt)(x)
#undef pow
#define pow(x, y) _Generic(__tg_t(x) + __tg_t(y), float: powf, long double: powl, float _Complex: (struct __tgmath_cpowf_is_not_in_jomps_C_library *)0, double _Complex: cpow, long double _Complex: (struct __tgmath_cpowl_is_not_in_jomps_C_library *)0, \
    default: pow)(x, y)
#undef fabs
#define fabs(x) _Generic(__tg_t(x), float: fabsf, long double: fabsl, float _Complex: cabsf, double _Complex: cabs, long double _Complex: (struct __tgmath_cabsl_is_not_in_jomps_C_library *)0, \
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
#define ilogb(x) _Generic(__tg_t(x), float: ilogbf, long double: (struct __tgmath_ilogbl_is_not_in_jomps_C_library *)0, \
    default: ilogb)(x)
#undef lgamma
#define lgamma(x) _Generic(__tg_t(x), float: lgammaf, long double: lgammal, \
    default: lgamma)(x)
#undef llrint
#define llrint(x) _Generic(__tg_t(x), float: llrintf, long double: (struct __tgmath_llrintl_is_not_in_jomps_C_library *)0, \
    default: llrint)(x)
#undef llround
#define llround(x) _Generic(__tg_t(x), float: llroundf, long double: (struct __tgmath_llroundl_is_not_in_jomps_C_library *)0, \
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
#define lrint(x) _Generic(__tg_t(x), float: lrintf, long double: (struct __tgmath_lrintl_is_not_in_jomps_C_library *)0, \
    default: lrint)(x)
#undef lround
#define lround(x) _Generic(__tg_t(x), float: lroundf, long double: (struct __tgmath_lroundl_is_not_in_jomps_C_library *)0, \
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
#define frexp(x, e) _Generic(__tg_t(x), float: frexpf, long double: (struct __tgmath_frexpl_is_not_in_jomps_C_library *)0, \
    default: frexp)(x, e)
#undef ldexp
#define ldexp(x, e) _Generic(__tg_t(x), float: ldexpf, long double: (struct __tgmath_ldexpl_is_not_in_jomps_C_library *)0, \
    default: ldexp)(x, e)
#undef scalbn
#define scalbn(x, e) _Generic(__tg_t(x), float: scalbnf, long double: (struct __tgmath_scalbnl_is_not_in_jomps_C_library *)0, \
    default: scalbn)(x, e)
#undef scalbln
#define scalbln(x, e) _Generic(__tg_t(x), float: (struct __tgmath_scalblnf_is_not_in_jomps_C_library *)0, long double: (struct __tgmath_scalblnl_is_not_in_jomps_C_library *)0, \
    default: (struct __tgmath_scalbln_is_not_in_jomps_C_library *)0)(x, e)
#undef nexttoward
#define nexttoward(x, y) _Generic(__tg_t(x), float: (struct __tgmath_nexttowardf_is_not_in_jomps_C_library *)0, long double: (struct __tgmath_nexttowardl_is_not_in_jomps_C_library *)0, \
    default: (struct __tgmath_nexttoward_is_not_in_jomps_C_library *)0)(x, y)
#undef remquo
#define remquo(x, y, q) _Generic(__tg_t(x) + __tg_t(y), float: remquof, long double: (struct __tgmath_remquol_is_not_in_jomps_C_library *)0, \
    default: remquo)(x, y, q)
#undef carg
#define carg(z) _Generic(__tg_t(z), float: cargf, long double: (struct __tgmath_cargl_is_not_in_jomps_C_library *)0, float _Complex: cargf, long double _Complex: (struct __tgmath_cargl_is_not_in_jomps_C_library *)0, \
    default: carg)(z)
#undef cimag
#define cimag(z) _Generic(__tg_t(z), float: cimagf, long double: (struct __tgmath_cimagl_is_not_in_jomps_C_library *)0, float _Complex: cimagf, long double _Complex: (struct __tgmath_cimagl_is_not_in_jomps_C_library *)0, \
    default: cimag)(z)
#undef conj
#define conj(z) _Generic(__tg_t(z), float: conjf, long double: (struct __tgmath_conjl_is_not_in_jomps_C_library *)0, float _Complex: conjf, long double _Complex: (struct __tgmath_conjl_is_not_in_jomps_C_library *)0, \
    default: conj)(z)
#undef cproj
#define cproj(z) _Generic(__tg_t(z), float: (struct __tgmath_cprojf_is_not_in_jomps_C_library *)0, long double: (struct __tgmath_cprojl_is_not_in_jomps_C_library *)0, float _Complex: (struct __tgmath_cprojf_is_not_in_jomps_C_library *)0, long double _Complex: (struct __tgmath_cprojl_is_not_in_jomps_C_library *)0, \
    default: cproj)(z)
#undef creal
#define creal(z) _Generic(__tg_t(z), float: crealf, long double: (struct __tgmath_creall_is_not_in_jomps_C_library *)0, float _Complex: crealf, long double _Complex: (struct __tgmath_creall_is_not_in_jomps_C_library *)0, \
    default: creal)(z)
#endif
