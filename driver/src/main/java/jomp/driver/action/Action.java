package jomp.driver.action;

import java.util.List;

/**
 * A node of the driver's action graph (clang's Action): what is to be done, not how. Jobs are
 * made from actions by binding them to tools. {@code offloadKind} is "host-openmp",
 * "device-openmp" or "" when nothing is offloaded; {@code arch} is the bound device arch or null.
 */
public sealed interface Action {
    FileType type();

    String offloadKind();

    String arch();

    String triple();

    /** Inputs in the order the phase dump prints them. */
    List<Action> inputs();

    String className();

    record Input(String file, FileType type, String offloadKind, String arch, String triple) implements Action {
        @Override
        public List<Action> inputs() {
            return List.of();
        }

        @Override
        public String className() {
            return "input";
        }
    }

    record Preprocess(Action input, FileType type, String offloadKind, String arch, String triple) implements Action {
        @Override
        public List<Action> inputs() {
            return List.of(input);
        }

        @Override
        public String className() {
            return "preprocessor";
        }
    }

    record Compile(Action input, FileType type, String offloadKind, String arch, String triple) implements Action {
        @Override
        public List<Action> inputs() {
            return List.of(input);
        }

        @Override
        public String className() {
            return "compiler";
        }
    }

    record Backend(Action input, FileType type, String offloadKind, String arch, String triple) implements Action {
        @Override
        public List<Action> inputs() {
            return List.of(input);
        }

        @Override
        public String className() {
            return "backend";
        }
    }

    record Assemble(Action input, FileType type, String offloadKind, String arch, String triple) implements Action {
        @Override
        public List<Action> inputs() {
            return List.of(input);
        }

        @Override
        public String className() {
            return "assembler";
        }
    }

    /** clang's OffloadAction: a host dependence (may be null) and device dependences. */
    record Offload(Dependence host, List<Dependence> devices, FileType type) implements Action {
        @Override
        public String offloadKind() {
            return host != null ? "host-openmp" : "device-openmp";
        }

        @Override
        public String arch() {
            return host == null && devices.size() == 1 ? devices.get(0).arch() : null;
        }

        @Override
        public String triple() {
            return host != null ? host.triple() : devices.get(0).triple();
        }

        @Override
        public List<Action> inputs() {
            var all = new java.util.ArrayList<Action>();
            if (host != null) all.add(host.action());
            for (Dependence d : devices) all.add(d.action());
            return all;
        }

        @Override
        public String className() {
            return "offload";
        }
        /** The action whose result this offload action passes on (the host's if there is one). */
        public Action result() {
            return host != null ? host.action() : devices.get(0).action();
        }
    }

    record Dependence(Action action, String kind, String triple, String arch) {
        public String label() {
            return kind + " (" + triple + (arch == null ? "" : ":" + arch) + ")";
        }
    }

    /** Bundles device objects into one OffloadBinary file (jomp-offload-packager). */
    record Package(List<Action> objects, String triple) implements Action {
        @Override
        public FileType type() {
            return FileType.IMAGE;
        }

        @Override
        public String offloadKind() {
            return "device-openmp";
        }

        @Override
        public String arch() {
            return null;
        }

        @Override
        public List<Action> inputs() {
            return objects;
        }

        @Override
        public String className() {
            return "jomp-offload-packager";
        }
    }

    /** The link: jomp-linker-wrapper; printed as "linker" when nothing is offloaded, as clang does. */
    record Link(List<Action> objects, boolean offloading, String triple) implements Action {
        @Override
        public FileType type() {
            return FileType.IMAGE;
        }

        @Override
        public String offloadKind() {
            return offloading ? "host-openmp" : "";
        }

        @Override
        public String arch() {
            return null;
        }

        @Override
        public List<Action> inputs() {
            return objects;
        }

        @Override
        public String className() {
            return offloading ? "jomp-linker-wrapper" : "linker";
        }
    }
}
