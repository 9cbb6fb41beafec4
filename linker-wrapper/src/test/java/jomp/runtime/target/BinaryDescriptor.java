package jomp.runtime.target;

import java.util.List;

import jomp.runtime.plugin.DevicePlugin;

/** Test stand-in with the runtime's signature (offload-abi.md §4); test classes come first on the class path. */
public record BinaryDescriptor(List<DevicePlugin.DeviceImage> images, List<HostEntry> hostEntries) {}
