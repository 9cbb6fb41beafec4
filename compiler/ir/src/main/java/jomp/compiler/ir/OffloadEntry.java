package jomp.compiler.ir;

/**
 * An OpenMP offload entry of the translation unit (docs/design/offload-abi.md §3): a target region's kernel
 * (size 0) or a declare-target global (its size), with the entry flags.
 */
public record OffloadEntry(String name, long size, int flags) {}
