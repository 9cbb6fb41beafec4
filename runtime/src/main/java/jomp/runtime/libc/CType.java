package jomp.runtime.libc;

/**
 * ctype.h in the C locale. Arguments are ints holding an unsigned char value or EOF; other
 * values are outside C's domain, and jomp answers "no" for them rather than reading a table.
 * Results are 0 or 1 (glibc returns other nonzero values; programs may only test them).
 */
public final class CType {
    private CType() {}

    public static int isdigit(int c) {
        return c >= '0' && c <= '9' ? 1 : 0;
    }

    public static int isupper(int c) {
        return c >= 'A' && c <= 'Z' ? 1 : 0;
    }

    public static int islower(int c) {
        return c >= 'a' && c <= 'z' ? 1 : 0;
    }

    public static int isalpha(int c) {
        return isupper(c) | islower(c);
    }

    public static int isalnum(int c) {
        return isalpha(c) | isdigit(c);
    }

    public static int isxdigit(int c) {
        return isdigit(c) | ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? 1 : 0);
    }

    public static int isspace(int c) {
        return c == ' ' || (c >= '\t' && c <= '\r') ? 1 : 0;
    }

    public static int isblank(int c) {
        return c == ' ' || c == '\t' ? 1 : 0;
    }

    public static int iscntrl(int c) {
        return (c >= 0 && c < 32) || c == 127 ? 1 : 0;
    }

    public static int isprint(int c) {
        return c >= 32 && c < 127 ? 1 : 0;
    }

    public static int isgraph(int c) {
        return c > 32 && c < 127 ? 1 : 0;
    }

    public static int ispunct(int c) {
        return isgraph(c) == 1 && isalnum(c) == 0 ? 1 : 0;
    }

    public static int isascii(int c) {
        return (c & ~0x7f) == 0 ? 1 : 0;
    }

    public static int tolower(int c) {
        return isupper(c) == 1 ? c + 32 : c;
    }

    public static int toupper(int c) {
        return islower(c) == 1 ? c - 32 : c;
    }
}
