package io.eddy.cli;

import io.eddy.executor.ExecutionOptions;
import io.eddy.optimizer.CompiledPlan;
import io.eddy.optimizer.OptimizerOptions;
import io.eddy.optimizer.PlanCaptured;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code eddy plan app.jar [args...]}: runs a batch job jar's {@code main} as {@code eddy run}
 * does, but with {@code eddy.execution.plan-only=true}, so the program's first job action compiles
 * the plan and hands it back ({@link PlanCaptured}) instead of running it; prints the
 * plan readably (or as JSON with {@code --json}). Nothing is submitted.
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Prints the optimized plan of a batch (DataSet) job jar without running it.")
final class PlanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-p", "--parallelism"}, paramLabel = "N", description = "Default parallelism of the job's operators.")
    private Integer parallelism;

    @Option(names = {"-c", "--class"}, paramLabel = "NAME", description = "The main class (default: Main-Class of the jar's manifest).")
    private String mainClass;

    @Option(names = "--json", description = "Print the plan as JSON (as ExecutionEnvironment.getExecutionPlan()).")
    private boolean json;

    @Parameters(index = "0", paramLabel = "JAR", description = "The job jar.")
    private Path jar;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments for the job's main method: everything after JAR, options included.")
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        Path jarFile = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jarFile)) {
            throw CliException.usage("Job jar not found: " + jarFile + " (check the path; build the jar first, e.g. with 'mvn package')");
        }
        if (parallelism != null && parallelism < 1) {
            throw CliException.usage("--parallelism: " + parallelism + " (expected: >= 1)");
        }
        String className = mainClass != null ? mainClass : RunCommand.manifestMainClass(jarFile);
        Map<String, String> properties = new HashMap<>();
        properties.put("eddy." + ExecutionOptions.TARGET.key(), "embedded");
        properties.put("eddy." + OptimizerOptions.PLAN_ONLY.key(), "true");
        if (parallelism != null) {
            properties.put(RunCommand.PARALLELISM_PROPERTY, parallelism.toString());
        }
        CompiledPlan plan = capture(jarFile, className, properties);
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? plan.toJson() : plan.toReadableString());
        out.flush();
        return EddyCli.EXIT_OK;
    }

    private CompiledPlan capture(Path jarFile, String className, Map<String, String> properties) {
        try {
            RunCommand.runMain(jarFile, className, args, properties);
        } catch (CliException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof PlanCaptured captured && captured.plan() != null) {
                    return captured.plan();
                }
            }
            throw e;
        }
        throw CliException.failure("The program " + className + " finished without running a batch job: 'eddy plan' shows the plan of "
                + "the first execute(), collect(), count() or print() of an ExecutionEnvironment (streaming programs are not supported yet)", null);
    }
}
