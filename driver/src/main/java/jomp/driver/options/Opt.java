package jomp.driver.options;

/**
 * The driver's options, spelled as clang spells them. Like clang's OptTable, each option has a
 * prefix and a form: a flag, a value joined to it ({@code -Idir}, {@code -O2},
 * {@code -fopenmp-targets=nvptx64}), a separate value ({@code -o out}), either
 * ({@code -I dir}), or a comma-joined list ({@code -Wl,a,b}). Picocli's grammar (POSIX clusters,
 * GNU long options) cannot express these spellings, which is why the driver has this table
 * while the LLVM-style tools (packager, linker-wrapper) use picocli.
 */
public enum Opt {
    CC1("-cc1", Form.FLAG),
    C("-c", Form.FLAG),
    S("-S", Form.FLAG),
    E("-E", Form.FLAG),
    O("-o", Form.JOINED_OR_SEPARATE),
    OPT_LEVEL("-O", Form.JOINED),
    G("-g", Form.JOINED),
    INCLUDE("-I", Form.JOINED_OR_SEPARATE),
    DEFINE("-D", Form.JOINED_OR_SEPARATE),
    UNDEF("-U", Form.JOINED_OR_SEPARATE),
    ISYSTEM("-isystem", Form.JOINED_OR_SEPARATE),
    IQUOTE("-iquote", Form.JOINED_OR_SEPARATE),
    IDIRAFTER("-idirafter", Form.JOINED_OR_SEPARATE),
    EMBED_DIR("--embed-dir=", Form.JOINED),
    INCLUDE_FILE("-include", Form.JOINED_OR_SEPARATE),
    IMACROS("-imacros", Form.JOINED_OR_SEPARATE),
    NOSTDINC("-nostdinc", Form.FLAG),
    NOSTDLIBINC("-nostdlibinc", Form.FLAG),
    NOBUILTININC("-nobuiltininc", Form.FLAG),
    DUMP_MACROS("-dM", Form.FLAG),
    NO_LINE_MARKERS("-P", Form.FLAG),
    LIB_DIR("-L", Form.JOINED_OR_SEPARATE),
    LIB("-l", Form.JOINED_OR_SEPARATE),
    WL("-Wl,", Form.COMMA_JOINED),
    WERROR("-Werror", Form.FLAG),
    W_NONE("-w", Form.FLAG),
    SHOW_LINE_NUMBERS("-fdiagnostics-show-line-numbers", Form.FLAG),
    NO_SHOW_LINE_NUMBERS("-fno-diagnostics-show-line-numbers", Form.FLAG),
    CARET_DIAGNOSTICS("-fcaret-diagnostics", Form.FLAG),
    NO_CARET_DIAGNOSTICS("-fno-caret-diagnostics", Form.FLAG),
    SHOW_COLUMN("-fshow-column", Form.FLAG),
    NO_SHOW_COLUMN("-fno-show-column", Form.FLAG),
    W("-W", Form.JOINED),
    STD("-std=", Form.JOINED),
    ANSI("-ansi", Form.FLAG),
    GNU89_INLINE("-fgnu89-inline", Form.FLAG),
    NO_GNU89_INLINE("-fno-gnu89-inline", Form.FLAG),
    VERBOSE("-v", Form.FLAG),
    VERSION("--version", Form.FLAG),
    HELP("--help", Form.FLAG),
    HASH_HASH_HASH("-###", Form.FLAG),
    PRINT_PHASES("-ccc-print-phases", Form.FLAG),
    PRINT_BINDINGS("-ccc-print-bindings", Form.FLAG),
    SAVE_TEMPS("-save-temps", Form.FLAG),
    SYNTAX_ONLY("-fsyntax-only", Form.FLAG),
    EMIT_IR("-emit-ir", Form.FLAG),
    FOPENMP("-fopenmp", Form.FLAG),
    FNO_OPENMP("-fno-openmp", Form.FLAG),
    OFFLOAD_TARGETS("-fopenmp-targets=", Form.JOINED),
    OFFLOAD_ARCH("--offload-arch=", Form.JOINED),
    CUDA_PATH("--cuda-path=", Form.JOINED),
    CUDA_INCLUDE_PTX("--cuda-include-ptx=", Form.JOINED),
    NO_CUDA_INCLUDE_PTX("--no-cuda-include-ptx=", Form.JOINED),
    XOPENMP_TARGET_EQ("-Xopenmp-target=", Form.JOINED_AND_SEPARATE),
    XOPENMP_TARGET("-Xopenmp-target", Form.SEPARATE),
    OFFLOAD_HOST_ONLY("--offload-host-only", Form.FLAG),
    OFFLOAD_DEVICE_ONLY("--offload-device-only", Form.FLAG),
    OFFLOAD_LTO("-foffload-lto", Form.FLAG),
    NO_OFFLOAD_LTO("-fno-offload-lto", Form.FLAG),
    MARCH("-march=", Form.JOINED),
    X_LANG("-x", Form.JOINED_OR_SEPARATE),
    PEDANTIC("-pedantic", Form.FLAG),
    PARALLEL_JOBS("-parallel-jobs=", Form.JOINED),
    PTHREAD("-pthread", Form.FLAG),
    MLLVM("-mllvm", Form.SEPARATE),
    // dependency files (clang's -M family)
    M("-M", Form.FLAG),
    MM("-MM", Form.FLAG),
    MD("-MD", Form.FLAG),
    MMD("-MMD", Form.FLAG),
    MF("-MF", Form.JOINED_OR_SEPARATE),
    MT("-MT", Form.JOINED_OR_SEPARATE),
    MQ("-MQ", Form.JOINED_OR_SEPARATE),
    MP("-MP", Form.FLAG),
    WP("-Wp,", Form.COMMA_JOINED),
    XLINKER("-Xlinker", Form.SEPARATE),
    FOPENMP_EQ("-fopenmp=", Form.JOINED),
    FOPENMP_VERSION("-fopenmp-version=", Form.JOINED),
    FBRACKET_DEPTH("-fbracket-depth=", Form.JOINED),
    FVISIBILITY("-fvisibility=", Form.JOINED),
    QUNUSED_ARGUMENTS("-Qunused-arguments", Form.FLAG),
    // what build systems ask the compiler
    DUMPVERSION("-dumpversion", Form.FLAG),
    DUMPMACHINE("-dumpmachine", Form.FLAG),
    PRINT_FILE_NAME("-print-file-name=", Form.JOINED),
    PRINT_PROG_NAME("-print-prog-name=", Form.JOINED),
    PRINT_SEARCH_DIRS("-print-search-dirs", Form.FLAG),
    /** An option of clang's that jomp accepts without acting on it (ClangOptions); never matched by spelling. */
    CLANG("\0clang", Form.FLAG);

    public enum Form {
        FLAG,
        JOINED,
        SEPARATE,
        JOINED_OR_SEPARATE,
        COMMA_JOINED,
        JOINED_AND_SEPARATE
    }

    public final String spelling;
    public final Form form;

    Opt(String spelling, Form form) {
        this.spelling = spelling;
        this.form = form;
    }
}
