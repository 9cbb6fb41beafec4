package jomp.compiler.type;

import jomp.compiler.diag.SourceLocation;

/**
 * A struct or union member. Bit-fields have {@code bitWidth >= 0}: the field is read from the
 * storage unit of type {@code type} at byte {@code offset}, bits {@code bitOffset .. bitOffset+bitWidth-1}
 * (little-endian, as gcc lays them out on x86-64). Anonymous struct/union members have a null name.
 */
public record Member(String name, Type type, long offset, int bitWidth, int bitOffset, int index, SourceLocation loc) {
    public boolean isBitField() { return bitWidth >= 0; }
}
