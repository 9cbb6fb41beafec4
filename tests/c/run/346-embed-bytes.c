// ORACLE: clang-19
// FLAGS: -std=c23
/* C23 #embed (gcc 12 has none, so clang-19 is the oracle): a binary file's bytes as an
   initializer list, sizeof of the array, the limit, prefix, suffix, if_empty and clang::offset
   parameters, __limit__ spellings, macro-expanded operands, __has_embed's three answers,
   embedding into signed and wider element types, into a struct and into an expression. */
#include <stdio.h>

#define DATA "support/346-embed.bin"
#define EMPTY "support/346-empty.bin"
#define FIRST(n) limit(n)

static const unsigned char all[] = {
#embed DATA
};

static const signed char as_signed[] = {
#embed DATA clang::offset(250)
};

static const int wide[] = {
#embed "support/346-embed.bin" __limit__(4) prefix(-1, ) suffix(, -2)
};

static const unsigned short from_empty[] = {
#embed EMPTY prefix(1, ) suffix(, 2) if_empty(7, 8, 9)
};

static const unsigned char limited[] = {
#embed DATA FIRST(3) clang::offset(65)
};

static const unsigned char nothing_left[] = {
#embed DATA clang::offset(1000) if_empty(42)
};

struct header {
    unsigned char magic[4];
    int version;
};

static const struct header h = {
    {
#embed DATA clang::offset(48) limit(4)
    },
    3,
};

static unsigned checksum(const unsigned char *p, size_t n) {
    unsigned s = 0;
    for (size_t i = 0; i < n; i++) s = s * 31u + p[i];
    return s;
}

int main(void) {
    printf("all: %zu bytes, checksum %u, last %d %d %d\n", sizeof all, checksum(all, sizeof all),
           all[sizeof all - 3], all[sizeof all - 2], all[sizeof all - 1]);
    printf("signed:");
    for (size_t i = 0; i < sizeof as_signed; i++) printf(" %d", as_signed[i]);
    printf("\nwide:");
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) printf(" %d", wide[i]);
    printf("\nfrom_empty:");
    for (size_t i = 0; i < sizeof from_empty / sizeof from_empty[0]; i++) printf(" %u", from_empty[i]);
    printf("\nlimited: %.3s (%zu)\n", (const char *)limited, sizeof limited);
    printf("nothing_left: %zu %d\n", sizeof nothing_left, nothing_left[0]);
    printf("header: %.4s %d\n", (const char *)h.magic, h.version);
    // a byte over 127 alone in an expression: clang 19 takes it as a (signed) char, C23 as an
    // unsigned char's value (jomp), so this one stays under 128
    int one = (
#embed DATA clang::offset(100) limit(1)
    );
    printf("one %d\n", one);
#if __has_embed(DATA) == __STDC_EMBED_FOUND__
    printf("DATA found\n");
#endif
#if __has_embed(EMPTY) == __STDC_EMBED_EMPTY__
    printf("EMPTY empty\n");
#endif
#if __has_embed("support/nope.bin") == __STDC_EMBED_NOT_FOUND__
    printf("nope not found\n");
#endif
#if __has_embed(DATA limit(0)) == __STDC_EMBED_EMPTY__ && __has_embed(DATA clang::offset(261)) == 2
    printf("limit(0) and offset past the end: empty\n");
#endif
#if __has_embed(DATA clang::offset(260)) == 1 && __has_embed(<346-embed.bin>) == 0
    printf("offset(260): found; angled without --embed-dir: not found\n");
#endif
    printf("macros: %d %d %d\n", __STDC_EMBED_NOT_FOUND__, __STDC_EMBED_FOUND__, __STDC_EMBED_EMPTY__);
#if __has_embed(DATA unknown_parameter(1)) == __STDC_EMBED_NOT_FOUND__
    printf("an unknown parameter: not found\n");
#endif
    return 0;
}
