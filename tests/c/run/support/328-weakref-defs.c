/* Definitions for 328-weakref.c's weakrefs. */
int shared_counter = 32;

int defined_elsewhere(int x) { return x * x + shared_counter; }
