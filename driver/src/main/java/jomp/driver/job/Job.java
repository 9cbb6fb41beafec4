package jomp.driver.job;

import java.util.List;

/**
 * A concrete tool invocation (clang's Command): the tool, the triple it is bound to, its input
 * and output files and its full argument list. {@code dependsOn} are the jobs whose outputs it reads.
 */
public record Job(
        Tool tool, String triple, List<String> inputs, String output, List<String> args, List<Job> dependsOn) {

    /** "# "<triple>" - "<tool>", inputs: [...], output: "..."" as -ccc-print-bindings prints it. */
    public String binding() {
        StringBuilder sb = new StringBuilder("# \"")
                .append(triple)
                .append("\" - \"")
                .append(tool.bindingName())
                .append("\", inputs: [");
        for (int i = 0; i < inputs.size(); i++)
            sb.append(i == 0 ? "" : ", ").append('"').append(inputs.get(i)).append('"');
        sb.append("], output: ");
        sb.append(output == null ? "(nothing)" : "\"" + output + "\"");
        return sb.toString();
    }

    /** The command line as -### prints it: every word quoted, runnable by itself. */
    public String commandLine() {
        StringBuilder sb = new StringBuilder(" \"").append(tool.executable()).append('"');
        for (String a : args)
            sb.append(" \"")
                    .append(a.replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        return sb.toString();
    }
}
