#define INNER 42
