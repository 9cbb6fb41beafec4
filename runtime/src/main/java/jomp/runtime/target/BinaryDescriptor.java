package jomp.runtime.target;

import java.util.List;

import jomp.runtime.plugin.DevicePlugin;

/** What a program registers (libomptarget's __tgt_bin_desc): its device images and its host entries. */
public record BinaryDescriptor(List<DevicePlugin.DeviceImage> images, List<HostEntry> hostEntries) {}
