package jomp.offload.abi;

import java.util.List;

/** What a program registers (libomptarget's {@code __tgt_bin_desc}): its device images and its host entries. */
public record BinaryDescriptor(List<DeviceImage> images, List<HostEntry> hostEntries) {}
