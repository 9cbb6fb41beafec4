/* The other unit of run/312: calls the aliases of 312's functions by their names, reads its
   variable alias, and defines hook strongly (312's hook is a weak alias). */
int add(int, int);
int plus(int, int);
int square2(int);
extern int counter_alias;

int hook(int x) { return -x; }

int call_from_other(void) { return add(2, 3) * 1000 + plus(1, 1) * 100 + counter_alias + square2(3); }

void *other_add_address(void) { return (void *)add; }

int *other_counter_address(void) { return &counter_alias; }
