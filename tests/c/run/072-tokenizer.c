#include <stdio.h>
#include <ctype.h>
#include <string.h>
#include <stdlib.h>
enum kind { NUM, IDENT, PUNCT, END };
struct token { enum kind kind; long num; char text[32]; };
static const char *src;
static struct token next_token(void) {
    struct token t = {END, 0, ""};
    while (isspace((unsigned char)*src)) src++;
    if (!*src) return t;
    if (isdigit((unsigned char)*src)) { char *end; t.kind = NUM; t.num = strtol(src, &end, 10); memcpy(t.text, src, (size_t)(end - src)); t.text[end - src] = 0; src = end; return t; }
    if (isalpha((unsigned char)*src) || *src == '_') {
        int n = 0; t.kind = IDENT;
        while (isalnum((unsigned char)*src) || *src == '_') t.text[n++] = *src++;
        t.text[n] = 0; return t;
    }
    t.kind = PUNCT;
    if ((src[0] == '=' || src[0] == '!' || src[0] == '<' || src[0] == '>') && src[1] == '=') { t.text[0] = src[0]; t.text[1] = '='; t.text[2] = 0; src += 2; return t; }
    t.text[0] = *src++; t.text[1] = 0;
    return t;
}
static struct token tok;
static long expr(void);
static long primary(void) {
    if (tok.kind == NUM) { long v = tok.num; tok = next_token(); return v; }
    if (tok.kind == PUNCT && tok.text[0] == '(') { tok = next_token(); long v = expr(); tok = next_token(); return v; }
    if (tok.kind == PUNCT && tok.text[0] == '-') { tok = next_token(); return -primary(); }
    tok = next_token();
    return 0;
}
static long term(void) {
    long v = primary();
    while (tok.kind == PUNCT && (tok.text[0] == '*' || tok.text[0] == '/' || tok.text[0] == '%')) {
        char op = tok.text[0]; tok = next_token(); long r = primary();
        v = op == '*' ? v * r : op == '/' ? v / r : v % r;
    }
    return v;
}
static long expr(void) {
    long v = term();
    while (tok.kind == PUNCT && (tok.text[0] == '+' || tok.text[0] == '-')) {
        char op = tok.text[0]; tok = next_token(); long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}
int main(void) {
    static const char *names[] = {"NUM", "IDENT", "PUNCT", "END"};
    src = "int x_1 = 42 + foo(7) >= 3 != y;";
    for (struct token t = next_token(); t.kind != END; t = next_token()) printf("%s '%s'\n", names[t.kind], t.text);
    const char *exprs[] = {"1 + 2 * 3", "(1 + 2) * 3", "100 / 7 % 4", "-(3 - 10) * -2", "2 * (3 + (4 - 1)) / 3"};
    for (int i = 0; i < 5; i++) { src = exprs[i]; tok = next_token(); printf("%s = %ld\n", exprs[i], expr()); }
    return 0;
}
