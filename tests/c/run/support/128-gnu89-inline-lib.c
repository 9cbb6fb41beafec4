/* Second unit of 128-gnu89-inline.c: the external definition of clamp, callers of scaled. */
int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
int scaled(int v);
extern inline int bumped(int v) { return v + 100; }
int from_lib(int v) { return scaled(v) + clamp(v, 1, 5) + bumped(v); }
