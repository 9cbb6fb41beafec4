package jomp.plugin.ptxsim;

/**
 * What the simulator found wrong in a kernel, as compute-sanitizer reports it: the kind of
 * error, the kernel, the block and thread, the PTX line with its text, and the address where
 * memory is concerned. The plugin prints {@link #report()} and fails the launch with the
 * first line.
 */
final class SimError extends RuntimeException {
    private final String report;

    SimError(String headline, String report) {
        super(headline);
        this.report = report;
    }

    String report() {
        return report;
    }

    /** Builds the error of a thread at an instruction. */
    static SimError at(Launch launch, Block block, Warp w, int lane, Insn in, String what, String detail) {
        StringBuilder r = new StringBuilder();
        r.append("ptxsim: error: ").append(what).append('\n');
        if (detail != null && !detail.isEmpty())
            r.append("    ").append(detail.replace("\n", "\n    ")).append('\n');
        r.append("    in kernel ").append(launch.kernel.name);
        if (in != null && in.fn != null && in.fn != launch.kernel)
            r.append(", function ").append(in.fn.name);
        r.append('\n');
        if (block != null) {
            r.append("    block (").append(block.ctaid).append(",0,0)");
            if (w != null && lane >= 0)
                r.append(", thread (").append(w.tid0 + lane).append(",0,0)");
            r.append('\n');
        }
        if (in != null)
            r.append("    PTX line ")
                    .append(in.line)
                    .append(": ")
                    .append(in.text)
                    .append('\n');
        String headline = what + " in kernel " + launch.kernel.name + (block != null ? " block " + block.ctaid : "")
                + (w != null && lane >= 0 ? " thread " + (w.tid0 + lane) : "")
                + (in != null ? " (PTX line " + in.line + ")" : "");
        return new SimError(headline, r.toString());
    }
}
