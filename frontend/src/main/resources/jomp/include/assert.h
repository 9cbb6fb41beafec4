/* jomp: <assert.h>. Deliberately no include guard: C lets a program re-include it after
   changing NDEBUG. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line,
                             const char *function);
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#ifndef static_assert
#define static_assert _Static_assert
#endif
