package jomp.runtime.target;

/** Test stand-in with the runtime's signature (offload-abi.md §4). */
public record HostEntry(long hostAddress, String name, long size, int flags) {}
