package jomp.compiler.diag;

/**
 * Where something is: the file and offset it was read from, plus the line and file name that
 * {@code #line} or a line marker says it has (which can differ from the physical one).
 */
public record SourceLocation(SourceFile file, int offset, String presumedFile, int presumedLine) {
    public static SourceLocation of(SourceFile file, int offset) {
        return new SourceLocation(file, offset, file.name(), file.line(offset));
    }

    public int column() {
        return file.column(offset);
    }

    @Override
    public String toString() {
        return presumedFile + ":" + presumedLine + ":" + column();
    }
}
