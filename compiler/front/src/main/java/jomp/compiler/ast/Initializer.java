package jomp.compiler.ast;

import java.util.List;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;

/**
 * An initializer flattened to stores: the object of {@code type} is zero-filled, then each item
 * writes its value (already converted to the item type) at its byte offset. Items are in the
 * order their expressions must be evaluated; a later item for the same location overrides.
 * A char array initialized by a string has one item whose value is the {@link Expr.StrLit} and
 * whose type is the array type: copy min(string length, array size) bytes. A struct/union
 * initialized by an expression of its type has one item at offset 0 of that type.
 * Bit-fields have {@code bitField} set: store into that member's bits at the item offset.
 */
public record Initializer(Type type, List<Item> items) {
    public record Item(long offset, Type type, Expr value, Member bitField) {}
}
