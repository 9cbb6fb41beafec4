package jomp.objfile.offload;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.offload.abi.ImageKind;

/** Version 2 and 3 OffloadBinaries (made by the test-only writer) for the shared corpus. */
public final class TestOffloadFiles {
    private TestOffloadFiles() {}

    public static Map<String, byte[]> v2v3() {
        byte[] big = "0123456789abcdef".repeat(40).getBytes(StandardCharsets.UTF_8);
        List<OffloadBinary> entries = List.of(
                new OffloadBinary(
                        ImageKind.CUBIN,
                        OffloadBinary.OFK_OPENMP,
                        0,
                        Map.of("triple", "nvptx64-nvidia-cuda", "arch", "sm_90"),
                        big),
                new OffloadBinary(
                        ImageKind.PTX,
                        OffloadBinary.OFK_CUDA,
                        0,
                        Map.of("triple", "t", "arch", "a"),
                        "ptx".getBytes(StandardCharsets.UTF_8)));
        Map<String, byte[]> out = new LinkedHashMap<>();
        out.put("v2.out", TestOffloadWriterV2V3.writeV2(entries));
        out.put("v3.out", TestOffloadWriterV2V3.writeV3(entries, TestOffloadWriterV2V3.Compression.NONE));
        out.put("v3-zlib.out", TestOffloadWriterV2V3.writeV3(entries, TestOffloadWriterV2V3.Compression.ZLIB));
        out.put("v3-zstd.out", TestOffloadWriterV2V3.writeV3(entries, TestOffloadWriterV2V3.Compression.ZSTD));
        return out;
    }
}
