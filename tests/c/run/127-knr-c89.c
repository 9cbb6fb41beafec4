// FLAGS: -std=gnu89 -Wno-implicit-int -Wno-implicit-function-declaration -Wno-return-type -Wno-deprecated-non-prototype
/* C89 as old programs write it: implicit int (static x, f(), register i), K&R definitions whose
   parameters the callers pass promoted (float as double, char and short as int) and the
   function converts back, arrays and functions as parameters, calls through declarations
   without prototypes, implicit declarations of functions defined later, and GNU89 inline. */
#include <stdio.h>
#include <string.h>

static counter = 3;
static unsigned mask = 0xff;
char *names[] = { "zero", "one", "two" };

next() { return ++counter; }

int add(a, b)
int a, b;
{
    return a + b;
}

double mix(f, c, s, d)
float f;
char c;
short s;
double d;
{
    return f * 2 + c + s + d;
}

int sum(v, n)
int v[];
register n;
{
    register i, total = 0;
    for (i = 0; i < n; i++) total += v[i];
    return total;
}

int apply(fn, x)
int (*fn)();
int x;
{
    return (*fn)(x) + fn(x + 1);
}

square(x) { return x * x; }

long fact(n)
long n;
{
    return n <= 1 ? 1 : n * fact(n - 1);
}

char *pick(i) unsigned i; { return names[i % 3]; }

/* GNU89: a plain inline definition is an external one, called from here like any function */
inline int twice(int v) { return v * 2; }

int main()
{
    int v[5];
    register i;
    int (*fp)() = square;
    char buf[32];
    for (i = 0; i < 5; i++) v[i] = i * i;
    i = next();
    printf("%d", i);
    i = next();
    printf(" %d %d\n", i, counter);
    printf("%d %d\n", add(2, 3), add('a', 1));
    printf("%.2f\n", mix(1.25f, 'b', (short)-3, 0.5));
    printf("%d %d %d\n", sum(v, 5), apply(square, 3), apply(fp, 4));
    printf("%ld %s %s\n", fact(10L), pick(4), pick(2));
    printf("%d %d\n", later(6, 7), (int)strlen(pick(1)));
    sprintf(buf, "%u-%d", mask, twice(21));
    puts(buf);
    return 0;
}

later(a, b) int a, b; { return a * b - counter; }
