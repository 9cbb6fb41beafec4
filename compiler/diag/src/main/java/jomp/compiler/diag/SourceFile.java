package jomp.compiler.diag;

import java.util.Arrays;

/** One source file's text, with the line starts needed to turn an offset into line:col. */
public final class SourceFile {
    private final String name;
    private final String text;
    private final int[] lineStarts;
    /** A system header: warnings in it are not shown (clang's rule). */
    private volatile boolean system;

    public SourceFile(String name, String text) {
        this.name = name;
        this.text = text;
        int n = 1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') n++;
        lineStarts = new int[n];
        for (int i = 0, l = 1; i < text.length(); i++) if (text.charAt(i) == '\n') lineStarts[l++] = i + 1;
    }

    public String name() {
        return name;
    }

    public String text() {
        return text;
    }

    /** Marks this file a system header (found in a system directory, or after #pragma GCC system_header). */
    public void markSystem() {
        system = true;
    }

    public boolean isSystem() {
        return system;
    }

    /** 1-based line of an offset. */
    public int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return (i >= 0 ? i : -i - 2) + 1;
    }

    /** 1-based column of an offset (bytes, as clang counts them; tabs count as one). */
    public int column(int offset) {
        return offset - lineStarts[line(offset) - 1] + 1;
    }

    /** The text of a 1-based line, without its newline. */
    public String lineText(int line) {
        int start = lineStarts[line - 1];
        int end = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
        if (end > start && text.charAt(end - 1) == '\r') end--;
        return text.substring(start, Math.max(start, end));
    }
}
