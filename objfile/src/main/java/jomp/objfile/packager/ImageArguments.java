package jomp.objfile.packager;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code key=value,...} list of one {@code --image} option, parsed as clang-offload-packager
 * parses it: a key without {@code =} has an empty value, the value runs to the next comma, and a
 * repeated key joins its values with commas.
 */
final class ImageArguments {
    private ImageArguments() {}

    static Map<String, String> parse(String spec) {
        Map<String, String> args = new LinkedHashMap<>();
        for (String part : spec.split(",", -1)) {
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            args.merge(key, value, (a, b) -> a + "," + b);
        }
        return args;
    }
}
