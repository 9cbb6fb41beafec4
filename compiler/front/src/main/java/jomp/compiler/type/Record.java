package jomp.compiler.type;

import java.util.ArrayList;
import java.util.List;

/**
 * The body of a struct, union or enum, shared by every (qualified or typedef'd) copy of the type,
 * so that a tag declared first and defined later completes everywhere at once.
 */
public final class Record {
    public final Type.Kind kind;
    /** The tag name, or null for an anonymous struct/union/enum. */
    public final String tag;

    public List<Member> members = new ArrayList<>();
    public long size = -1;
    public int align = 1;
    public boolean complete;
    /** The last member is a flexible array member ({@code int data[];}). */
    public boolean flexible;
    /** {@code __attribute__((packed))}: members at byte alignment. */
    public boolean packed;
    /** The #pragma pack in effect where the struct was defined: no member aligned more than this (0: none). */
    public int maxAlign;
    /** An enum with a negative enumerator: compatible with int (else unsigned int, as gcc chooses). */
    public boolean negative;
    /** An enum whose values do not all fit int, or a packed enum: its integer type (null: int or unsigned int, by negative). */
    public Type underlying;
    /** A union with {@code __attribute__((transparent_union))}: a parameter of its type takes any member's type. */
    public boolean transparentUnion;
    /**
     * A GCC vector ({@code vector_size}): its element type (the record is a struct of one array
     * member of them, for layout, assignment and passing); null for other structs.
     */
    public Type vectorElement;
    /** Where the tag was first declared (for "forward declaration of 'struct S'"). */
    public jomp.compiler.diag.SourceLocation declLoc;
    /** Where the definition is (for "previous definition is here"). */
    public jomp.compiler.diag.SourceLocation defLoc;

    public Record(Type.Kind kind, String tag) {
        this.kind = kind;
        this.tag = tag;
    }
}
