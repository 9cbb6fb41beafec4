package jomp.objfile.packager;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The order in which clang-offload-packager 19 iterates the keys of one --image option: they sit in
 * an llvm::DenseMap&lt;StringRef, StringRef&gt; (64 buckets to start, doubled when 3/4 full, quadratic
 * probing, llvm::hash_value truncated to 32 bits) and are walked in bucket order. Writing the strings in this order
 * makes our OffloadBinaries byte-identical to clang-offload-packager's.
 */
final class DenseMapOrder {
    private DenseMapOrder() {}

    /** {@code keys} are distinct, in insertion order. */
    static List<String> order(Collection<String> keys) {
        String[] table = new String[64];
        int count = 0;
        for (String key : keys) {
            if ((count + 1) * 4 >= table.length * 3) {
                String[] old = table;
                table = new String[old.length * 2];
                for (String k : old) {
                    if (k != null) {
                        place(table, k);
                    }
                }
            }
            place(table, key);
            count++;
        }
        List<String> out = new ArrayList<>(count);
        for (String k : table) {
            if (k != null) {
                out.add(k);
            }
        }
        return out;
    }

    private static void place(String[] table, String key) {
        int mask = table.length - 1;
        int bucket = (int) LlvmStringHash.hash(key.getBytes(StandardCharsets.UTF_8)) & mask;
        for (int probe = 1; table[bucket] != null; probe++) {
            bucket = (bucket + probe) & mask;
        }
        table[bucket] = key;
    }
}
