package jomp.compiler.nvptx;

import java.util.ArrayList;
import java.util.List;

/** Reads a printf format string for the size of each argument it consumes (vprintf's packing). */
final class PrintfFormat {
    private PrintfFormat() {}

    /** 4 for int-sized arguments (C's promoted int, '*' widths), 8 for long, pointer and double. */
    static List<Integer> argumentSizes(String fmt, String function) {
        List<Integer> sizes = new ArrayList<>();
        int i = 0, n = fmt.length();
        while (i < n) {
            if (fmt.charAt(i++) != '%') continue;
            if (i < n && fmt.charAt(i) == '%') {
                i++;
                continue;
            }
            while (i < n && "-+ #0'".indexOf(fmt.charAt(i)) >= 0) i++;
            if (i < n && fmt.charAt(i) == '*') {
                sizes.add(4);
                i++;
            }
            while (i < n && Character.isDigit(fmt.charAt(i))) i++;
            if (i < n && fmt.charAt(i) == '.') {
                i++;
                if (i < n && fmt.charAt(i) == '*') {
                    sizes.add(4);
                    i++;
                }
                while (i < n && Character.isDigit(fmt.charAt(i))) i++;
            }
            boolean wide = false;
            while (i < n && "hlLqjzt".indexOf(fmt.charAt(i)) >= 0) {
                char m = fmt.charAt(i++);
                if (m != 'h') wide = true;
            }
            if (i >= n)
                throw new PtxException(
                        "function '" + function + "': printf format \"" + fmt + "\" ends inside a conversion");
            char conv = fmt.charAt(i++);
            switch (conv) {
                case 'd', 'i', 'u', 'o', 'x', 'X' -> sizes.add(wide ? 8 : 4);
                case 'c' -> sizes.add(4); // %lc takes a wint_t, an int too
                case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 's', 'p', 'n' -> sizes.add(8);
                default ->
                    throw new PtxException(
                            "function '" + function + "': printf conversion '%" + conv + "' is not supported on nvptx");
            }
        }
        return sizes;
    }
}
