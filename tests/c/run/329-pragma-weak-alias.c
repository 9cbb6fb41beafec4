// LINK: support/329-weak-alias-override.c
// CLANG-CANNOT: a call to an alias declared before its pragma is "ambiguous" (clang's copy of the declaration; gcc takes it)
/* #pragma weak name = target: name is a weak alias of target, which this unit defines. The pragma
 * may come before or after either declaration; calls, pointers and the object's storage reach
 * target through the alias (pointers compare equal), and another unit's strong definition of the
 * alias name replaces it there as for a weak definition, also for this unit's uses. */
#include <stdio.h>

#pragma weak early_alias = scale /* before both declarations */
int scale(int x) { return x * 3; }
int early_alias(int);

int add_one(int x) { return x + 1; }
#pragma weak late_alias = add_one /* after the target, before the alias's declaration */
int late_alias(int);

int declared_first(int); /* the alias's declaration before the pragma */
int square(int x) { return x * x; }
#pragma weak declared_first = square

int counter = 40;
#pragma weak counter_alias = counter
extern int counter_alias;

double table[4] = {1.5, 2.5, 3.5, 4.5};
#pragma weak table_alias = table
extern double table_alias[4];

#pragma weak replaced = square /* support/329 defines replaced strongly */
int replaced(int);

int (*fp_early)(int) = early_alias; /* in initialised data */
int *pc = &counter_alias;

int call_replaced_twice(int);
static int apply(int (*f)(int), int v) { return f(v); }

int main(void) {
  printf("early %d late %d first %d\n", early_alias(5), late_alias(5), declared_first(5));
  printf("through pointers %d %d\n", fp_early(7), apply(late_alias, 9));
  printf("same function %d %d %d\n", (void *)early_alias == (void *)scale,
         (void *)late_alias == (void *)add_one, fp_early == scale);
  counter_alias += 2;
  *pc += 1;
  printf("counter %d alias %d same %d\n", counter, counter_alias, &counter == &counter_alias);
  table_alias[1] = 9.25;
  printf("table %.2f %.2f sizeof %zu\n", table[1], table_alias[3], sizeof table_alias);
  printf("replaced %d (square %d), the other unit's calls %d\n", replaced(6), square(6),
         call_replaced_twice(4));
  return 0;
}
