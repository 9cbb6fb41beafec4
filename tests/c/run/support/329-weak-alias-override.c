/* The strong definition that replaces run/329's weak alias `replaced` in the whole program. */
int replaced(int x) { return -x; }

int call_replaced_twice(int x) { return replaced(replaced(x) - 1); }
