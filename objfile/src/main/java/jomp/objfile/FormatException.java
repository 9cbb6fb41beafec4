package jomp.objfile;

/**
 * A file that is not what it claims to be: truncated, corrupted or of an unsupported kind.
 * The message reads {@code "file: problem"}, so tools print it after {@code "error: "} as it is.
 * Every reader in this module throws only this for bad input.
 */
public final class FormatException extends RuntimeException {
    private final String file;
    private final String problem;

    public FormatException(String file, String problem) {
        super(file + ": " + problem, null, false, false);
        this.file = file;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public String problem() {
        return problem;
    }
}
