package jomp.offload.abi;

import java.util.List;

/**
 * A device image as the registration hands it over (libomptarget's {@code __tgt_device_image}):
 * its target, kind and bytes, and the names of the host entries it may define.
 */
public record DeviceImage(String triple, String arch, ImageKind kind, byte[] bytes, List<String> entryNames) {}
