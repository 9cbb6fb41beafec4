/* Plain reads, assignments and compound assignments of _Atomic objects that are no scalar of at
 * most 8 bytes: a 24-byte struct (gcc: libatomic's lock), a union, a struct member of a struct, an
 * 8-byte struct and an 8-byte complex float (one instruction), a 16-byte complex double and
 * __int128 (gcc: libatomic), under contention from 4 threads that mix the plain forms with
 * <stdatomic.h>'s atomic_load/atomic_store: no read may see a torn value (the fields' invariant
 * holds, both parts of a complex number are equal), no update may be lost (the sum is exact).
 * Compound assignments of the complex numbers are left out: clang 19's are not atomic (its build
 * loses updates); C11AtomicsLoweringTest checks jomp's. */
// FLAGS: -Wl,--no-as-needed -latomic
#ifdef __clang__ /* what clang warns of: gcc's build calls libatomic there too */
#pragma clang diagnostic ignored "-Watomic-alignment"
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <omp.h>

struct Wide { long a, b, sum; };  /* 24 bytes */
struct Pair { int lo, hi; };      /* 8 bytes */
union Cell { struct Wide w; char bytes[24]; };
struct Holder { int tag; _Atomic struct Wide w; };

static _Atomic struct Wide wide;
static _Atomic struct Pair pair;
static _Atomic union Cell cell;
static struct Holder holder;
static _Atomic _Complex double z;
static _Atomic _Complex float zf;
static _Atomic __int128 big;

static int whole(struct Wide w) { return w.a + w.b == w.sum; }

static struct Wide through(_Atomic struct Wide *p) { return *p; } /* a read through a pointer */

int main(void) {
    long torn = 0, seen = 0;
    #pragma omp parallel num_threads(4) reduction(+ : torn, seen)
    {
        int id = omp_get_thread_num();
        for (long i = 1; i <= 20000; i++) {
            if (id & 1) {
                struct Wide w = {i * id, i + id, i * id + i + id};
                if (i % 3 == 0) atomic_store(&wide, w);
                else wide = w;
                pair = (struct Pair){(int)i, (int)-i};
                union Cell c;
                c.w = w;
                cell = c;
                holder.w = w;
            } else {
                struct Wide r = wide;
                torn += !whole(r);
                torn += !whole(atomic_load(&wide));
                torn += !whole(through(&wide));
                struct Pair p = pair;
                torn += p.lo != -p.hi;
                union Cell c = cell;
                torn += !whole(c.w);
                torn += !whole(holder.w);
                seen++;
            }
            if (id & 1) {
                z = (double)i + (double)i * 1.0i;
                zf = (float)i + (float)i * 1.0fi;
            } else {
                _Complex double zz = z;
                _Complex float ff = zf;
                torn += __real__ zz != __imag__ zz;
                torn += __real__ ff != __imag__ ff;
            }
            big += 3;
        }
    }
    _Complex double zz = z;
    _Complex float ff = zf;
    __int128 b = big;
    printf("torn %ld seen %ld\n", torn, seen);
    printf("z whole %d zf whole %d big %lld\n", __real__ zz == __imag__ zz, __real__ ff == __imag__ ff, (long long)b);
    z = 3.0 + 4.0i; /* one thread: the compound forms, against gcc */
    zf = 1.0f - 2.0fi;
    z *= 2.0 - 1.0i;
    zf /= 4.0f;
    zf += 0.5fi;
    big -= 40;
    zz = z;
    ff = zf;
    b = big;
    printf("z %g %g zf %g %g big %lld\n", __real__ zz, __imag__ zz, __real__ ff, __imag__ ff, (long long)b);
    struct Wide last = wide;
    printf("last whole %d\n", whole(last));
    return 0;
}
