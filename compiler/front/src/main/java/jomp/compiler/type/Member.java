package jomp.compiler.type;

import jomp.compiler.diag.SourceLocation;

/**
 * A struct or union member. Bit-fields have {@code bitWidth >= 0}: the field is read from the
 * storage unit of type {@code type} at byte {@code offset}, bits {@code bitOffset .. bitOffset+bitWidth-1}
 * (little-endian, as gcc lays them out on x86-64). Anonymous struct/union members have a null name.
 * A {@code packed} bit-field (a packed record or member, or under #pragma pack) is placed bit by bit,
 * {@code offset} being the byte that holds its first bit: it may straddle its type's storage unit, or
 * the record may end inside that unit, so it is read and written as the bytes it covers.
 */
public record Member(
        String name,
        Type type,
        long offset,
        int bitWidth,
        int bitOffset,
        int index,
        SourceLocation loc,
        boolean packed) {
    public Member(String name, Type type, long offset, int bitWidth, int bitOffset, int index, SourceLocation loc) {
        this(name, type, offset, bitWidth, bitOffset, index, loc, false);
    }

    public boolean isBitField() {
        return bitWidth >= 0;
    }
}
