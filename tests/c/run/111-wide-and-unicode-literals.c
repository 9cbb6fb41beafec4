/* Wide and Unicode literals with their types and contents: L"..." (wchar_t, 32 bits on Linux),
   u"..." (char16_t, surrogate pairs), U"..." (char32_t), u8"..." and plain strings (UTF-8 bytes),
   character constants, and universal character names. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>

static void dump16(const char *name, const char16_t *s, size_t n) {
    printf("%s:", name);
    for (size_t i = 0; i < n; i++) printf(" %04x", (unsigned)s[i]);
    printf("\n");
}

static void dump32(const char *name, const unsigned *s, size_t n) {
    printf("%s:", name);
    for (size_t i = 0; i < n; i++) printf(" %x", s[i]);
    printf("\n");
}

int main(void) {
    const wchar_t w[] = L"héllo €";
    const char16_t u16[] = u"a€😀";
    const char32_t u32[] = U"a€😀";
    const char u8s[] = u8"é€";
    const char plain[] = "é\u20ac";
    dump32("L", (const unsigned *)w, sizeof w / sizeof w[0]);
    dump16("u", u16, sizeof u16 / sizeof u16[0]);
    dump32("U", (const unsigned *)u32, sizeof u32 / sizeof u32[0]);
    printf("u8:");
    for (size_t i = 0; i < sizeof u8s; i++) printf(" %02x", (unsigned char)u8s[i]);
    printf("\nplain:");
    for (size_t i = 0; i < sizeof plain; i++) printf(" %02x", (unsigned char)plain[i]);
    printf("\n");
    printf("chars %d %d %d %d\n", (int)L'é', (int)u'€', (int)U'😀', (int)L'\x41');
    printf("types %zu %zu %zu %zu\n", sizeof(L'a'), sizeof(u'a'), sizeof(U'a'), sizeof(u8"x"[0]));
    printf("concat %zu %d\n", sizeof(L"ab" "cd") / sizeof(wchar_t), (int)(L"ab" "cd")[3]);
    return 0;
}
