// CHECK: 20:6: error: expected identifier or '('
// CHECK: 20:6: error: expected ')'
// CHECK: 22:7: error: expected identifier or '('
// CHECK: 22:7: error: expected ')'
// CHECK: 24:7: error: expected identifier or '('
// CHECK: 26:37: error: expected identifier or '('
// CHECK: 26:37: error: expected ')'
// CHECK: 28:16: error: expected identifier or '('
// CHECK: 28:16: error: expected ')'
// CHECK: 30:14: error: expected identifier or '('
// CHECK: 30:14: error: expected ')'
// CHECK: 32:17: error: expected member name or ';' after declaration specifiers
// CHECK: 32:17: error: expected ')'
// CHECK: 35:10: error: expected identifier or '('
// CHECK: 36:10: error: expected identifier or '('
// CHECK: 36:10: error: expected ')'
// CHECK: 41:16: warning: omitting the parameter name in a function definition is a C23 extension [-Wc23-extensions]
// Declarators that must name something but do not: a '(' in a declaration always groups (clang's
// ParseParenDeclarator), so int (void) is no nameless function; jomp once crashed on these.
int (void) { return 0; }

int *(void) { return 0; }

int (*)(void) { return 0; }

static int (__attribute__((unused)) void);

int ok(void), (void);

typedef int (void);

struct S { int (void); int kept; };

int body(void) {
    int *;
    int (void);
    return 0;
}

/* unnamed parameters of a definition are a C23 extension, not an error */
int unnamed(int, char *p) { return p != 0; }
