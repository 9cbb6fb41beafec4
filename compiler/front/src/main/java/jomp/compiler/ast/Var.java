package jomp.compiler.ast;

import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Type;

/**
 * A declared object or function (chibicc's Obj). One Var per entity: a file-scope name declared
 * several times has one Var whose type is the composite. Identity matters (use ==).
 */
public final class Var {
    public enum Storage {
        NONE,
        STATIC,
        EXTERN,
        TYPEDEF,
        REGISTER
    }

    public final String name;
    public Type type;
    public final SourceLocation loc;
    public final boolean isLocal;
    public Storage storage;
    public boolean threadLocal;
    /**
     * OpenMP 6.0 groupprivate: the device_type the directive gave ("host", "nohost", "any"), null
     * when the variable is not groupprivate. Each contention group (each team of a teams region)
     * has its own copy where the device type applies.
     */
    public String groupPrivate;

    public boolean isInline;
    /** A definition was seen (function body, or an object with an initializer / tentative definition). */
    public boolean isDefined;
    /** Position among its function's parameters, or -1. */
    public int paramIndex = -1;
    /** The symbol name for the object file: the name, or "f.x" for a block-scope static like clang. */
    public String linkName;
    /** A compiler-made temporary (compound literal, VLA size); no diagnostics mention it. */
    public boolean synthetic;
    /** Its address is taken (&x, arrays, aggregates passed around): lowering keeps it in memory. */
    public boolean addressTaken;
    /** _Alignas / __attribute__((aligned)) on this object, or 0 (then the type's alignment applies). */
    public int align;
    /**
     * The allocator of an {@code omp allocate} directive naming this local (its allocator clause),
     * or null: the storage then honours the allocator's alignment trait.
     */
    public Expr ompAllocator;
    /**
     * {@code __attribute__((cleanup(fn)))}: the call {@code fn(&var)} to make wherever this automatic
     * variable leaves its scope (end of block, return, break, continue, goto out of it), or null.
     */
    public Expr cleanup;
    /**
     * {@code __attribute__((alias("target")))}: this declaration is another name of the function or
     * object whose symbol is target, defined in the same unit; aliasLoc is the attribute's place.
     */
    public String alias;

    public SourceLocation aliasLoc;
    /**
     * {@code __attribute__((ifunc("resolver")))}: the resolver (a function the unit defines) whose
     * result the calls and the address of this function reach; aliasLoc is the attribute's place.
     */
    public String ifunc;
    /**
     * gcc's {@code __attribute__((symver("f@VERS_1")))}, each: the versioned names the definition
     * has too, as GNU as's {@code .symver} gives them (empty: none).
     */
    public final java.util.List<String> symvers = new java.util.ArrayList<>();
    /** Referenced at least once (for -Wunused), or marked unused/used by an attribute. */
    public boolean used;
    /** OpenMP declare variant: functions a call to this one calls instead where their context selectors match (empty: none). */
    public java.util.List<OmpClause.DeclaredVariant> ompVariants = java.util.List.of();
    /** Declared with __attribute__((unused)): no -Wunused warning about it. */
    public boolean markedUnused;
    /** {@code __attribute__((gnu_inline))}: an extern inline definition is for inlining only (GNU89 semantics). */
    public boolean gnuInline;
    /** linkName comes from an {@code __asm__("name")} label (decision 3: the symbol the declaration links to). */
    public boolean asmLabel;
    /**
     * ELF visibility ({@code Elf.STV_*}: 0 default, 1 internal, 2 hidden, 3 protected) that a
     * {@code visibility} attribute gave (with where), and that the {@code #pragma GCC visibility}
     * in effect at a declaration gave; -1 for none.
     */
    public int visibility = -1, pragmaVisibility = -1;

    public jomp.compiler.diag.SourceLocation visibilityLoc;
    /** {@code __attribute__((weak))} (accepted; a weak declaration links like an ordinary one). */
    public boolean weak;
    /**
     * {@code weakref}: a static declaration whose linkName is its target's symbol, referred to
     * weakly (storage is then EXTERN: the unit refers to target, defines nothing of its own).
     */
    public boolean weakref;
    /**
     * The inliner's attributes, passed to the IR function: {@code always_inline}; {@code noinline}
     * (or {@code noipa}); {@code flatten} (every call in its body inlined where possible).
     */
    public boolean alwaysInline, noInline, flatten;
    /** {@code __attribute__((used))}: emitted even if nothing refers to it. */
    public boolean attrUsed;
    /** {@code _Noreturn} or {@code __attribute__((noreturn))}. */
    public boolean noreturn;
    /**
     * {@code __attribute__((constructor))} / {@code destructor}: the priority (101 and up; 65536
     * when none is given, which runs after every given one), or -1.
     */
    public int constructorPriority = -1, destructorPriority = -1;
    /** The priority {@code constructor} and {@code destructor} without an argument stand for. */
    public static final int DEFAULT_PRIORITY = 65536;
    /** A function declared at file scope without {@code inline} or with {@code extern} (C11 6.7.4p7: then its definition is external). */
    public boolean externalDecl;
    /** Its definition was {@code extern inline} (with gnu_inline: for inlining only, never emitted). */
    public boolean externInlineDef;
    /**
     * An inline definition only (C11 6.7.4p7): every file-scope declaration says inline and none
     * extern. jomp compiles it as a function local to the unit, used when this unit calls it.
     */
    public boolean inlineOnly;

    /** A file-scope declaration with a prototype that is not a definition was seen (-Wmissing-prototypes). */
    public boolean declaredWithPrototype;
    /** Declared by a call to an undeclared function (C89's implicit {@code extern int f()}). */
    public boolean implicitDecl;

    /** A gnu_inline extern inline definition: never compiled; calls go to the external function. */
    public boolean definitionDropped() {
        return gnuInline && externInlineDef;
    }

    public Var(String name, Type type, SourceLocation loc, boolean isLocal) {
        this.name = name;
        this.type = type;
        this.loc = loc;
        this.isLocal = isLocal;
        this.storage = Storage.NONE;
        this.linkName = name;
    }

    public boolean isFunction() {
        return type.isFunction();
    }
    /** Lives in static storage (globals, block-scope statics, string literals' arrays). */
    public boolean isStatic() {
        return !isLocal || storage == Storage.STATIC || storage == Storage.EXTERN;
    }

    @Override
    public String toString() {
        return name;
    }
}
