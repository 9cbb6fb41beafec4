/* Recursion as deep as real programs take it: jq's test suite prints, compares and frees a JSON
 * value nested 10,001 levels deep (its limits are 10,000) with recursive functions the shape of
 * jv_dump_term, reduced here: a 16-byte value passed by value, a switch over its kind, small
 * helpers the -O2 inliner takes in, a loop over the items. gcc's build runs it on Linux's 8 MiB
 * stack; jomp's overflowed the JVM's (SIGSEGV), each call's interpreted frame holding a JVM local
 * for every one of the function's registers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned char kind, flags; unsigned short offset; int size; union { struct heap *ptr; double number; } u; } jv;
struct heap { int refcnt, length; jv items[]; };

enum { K_NULL, K_FALSE, K_TRUE, K_NUMBER, K_STRING, K_ARRAY };

static jv jv_null(void) { jv v = {K_NULL, 0, 0, 0, {0}}; return v; }
static jv jv_number(double d) { jv v = {K_NUMBER, 0, 0, 0, {0}}; v.u.number = d; return v; }
static int jv_kind(jv v) { return v.kind; }
static jv jv_copy(jv v) { if (v.kind == K_ARRAY) v.u.ptr->refcnt++; return v; }
static int jv_length(jv v) { return v.kind == K_ARRAY ? v.u.ptr->length : 0; }
static jv jv_get(jv v, int i) { return jv_copy(v.u.ptr->items[i]); }

static void jv_free(jv v) {
    if (v.kind == K_ARRAY && --v.u.ptr->refcnt == 0) {
        for (int i = 0; i < v.u.ptr->length; i++) jv_free(v.u.ptr->items[i]);
        free(v.u.ptr);
    }
}

static jv jv_array1(jv item) {
    struct heap *h = malloc(sizeof *h + sizeof(jv));
    h->refcnt = 1;
    h->length = 1;
    h->items[0] = item;
    jv v = {K_ARRAY, 0, 0, 1, {0}};
    v.u.ptr = h;
    return v;
}

typedef struct { char *buf; size_t len, cap; int color; } out;

static void put_buf(out *o, const char *s, size_t n) {
    if (o->len + n + 1 > o->cap) {
        o->cap = (o->len + n + 1) * 2;
        o->buf = realloc(o->buf, o->cap);
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = 0;
}
static void put_str(out *o, const char *s) { put_buf(o, s, strlen(s)); }
static void put_char(out *o, char c) { put_buf(o, &c, 1); }
static void put_indent(out *o, int n, int flags) {
    if (flags & 4) put_char(o, '\t');
    else for (int i = 0; i < n && i < 4; i++) put_str(o, "  ");
}

#define MAX_PRINT_DEPTH 10000

static void dump_term(jv x, int flags, int indent, out *o) {
    char buf[32];
    const char *color = 0;
    double refcnt = (flags & 8) ? (jv_kind(x) == K_ARRAY ? x.u.ptr->refcnt - 1 : -1) : -1;
    if ((flags & 1) && jv_kind(x) != K_NULL) {
        color = jv_kind(x) == K_ARRAY ? "\033[1;39m" : "\033[0;39m";
        put_str(o, color);
    }
    if (indent > MAX_PRINT_DEPTH) {
        put_str(o, "<skipped: too deep>");
    } else switch (jv_kind(x)) {
    default:
    case K_NULL:
        put_str(o, "null");
        break;
    case K_FALSE:
        put_str(o, "false");
        break;
    case K_TRUE:
        put_str(o, "true");
        break;
    case K_NUMBER: {
        double d = x.u.number;
        if (d != d) {
            dump_term(jv_null(), flags, indent, o);
        } else {
            if (d > 1e300) d = 1e300;
            if (d < -1e300) d = -1e300;
            snprintf(buf, sizeof buf, "%.17g", d);
            put_str(o, buf);
        }
        break;
    }
    case K_ARRAY: {
        if (jv_length(x) == 0) {
            put_str(o, "[]");
            break;
        }
        put_char(o, '[');
        for (int i = 0; i < jv_length(x); i++) {
            jv elem = jv_get(x, i);
            if (i != 0) {
                if (color) put_str(o, color);
                put_char(o, ',');
            }
            if (color) put_str(o, "\033[0m");
            if (flags & 2) {
                put_char(o, '\n');
                put_indent(o, indent + 1, flags);
            }
            dump_term(elem, flags, indent + 1, o);
            jv_free(elem);
        }
        if (flags & 2) {
            put_char(o, '\n');
            put_indent(o, indent, flags);
        }
        if (color) put_str(o, color);
        put_char(o, ']');
        if (flags & 8) {
            snprintf(buf, sizeof buf, " (%g)", refcnt);
            put_str(o, buf);
        }
        break;
    }
    }
    if (color) put_str(o, "\033[0m");
}

static int equal(jv a, jv b) {
    if (jv_kind(a) != jv_kind(b)) return 0;
    switch (jv_kind(a)) {
    case K_NUMBER: return a.u.number == b.u.number;
    case K_ARRAY:
        if (jv_length(a) != jv_length(b)) return 0;
        for (int i = 0; i < jv_length(a); i++) {
            jv x = jv_get(a, i), y = jv_get(b, i);
            int r = equal(x, y);
            jv_free(x);
            jv_free(y);
            if (!r) return 0;
        }
        return 1;
    default: return 1;
    }
}

int main(void) {
    int depths[] = {10, 9999, 10000, 10001};
    for (int t = 0; t < 4; t++) {
        jv a = jv_number(t + 0.5), b = jv_number(t + 0.5);
        for (int i = 0; i < depths[t]; i++) {
            a = jv_array1(a);
            b = jv_array1(b);
        }
        for (int flags = 0; flags < 16; flags += 5) {
            out o = {0};
            dump_term(a, flags, 0, &o);
            unsigned long h = 5381;
            for (size_t i = 0; i < o.len; i++) h = h * 33 + (unsigned char)o.buf[i];
            printf("depth %d flags %d: %zu chars, hash %lx, skipped %d\n", depths[t], flags, o.len, h,
                   strstr(o.buf, "<skipped: too deep>") != 0);
            free(o.buf);
        }
        printf("equal %d\n", equal(a, b));
        jv_free(a);
        jv_free(b);
    }
    return 0;
}
