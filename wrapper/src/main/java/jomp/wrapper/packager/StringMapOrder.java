package jomp.wrapper.packager;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The order in which clang-offload-packager's StringMap iterates the keys of one --image option. */
final class StringMapOrder {
    private StringMapOrder() {}

    static List<String> order(Collection<String> keys) {
        return new ArrayList<>(keys);
    }
}
