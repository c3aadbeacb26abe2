package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Parsing of {@code --target}, the YARN flags of {@code run} and the {@code yarn-session} commands (no cluster is contacted). */
class YarnArgumentsTest {

    private static final String APP = "application_1700000000000_0001";

    @TempDir
    static Path dir;

    private static Path jar;

    private record Result(int code, String out, String err) {}

    @BeforeAll
    static void writeJobJar() throws IOException {
        jar = dir.resolve("app.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.example.WordCount");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
            jarOut.flush();
        }
    }

    private static Result eddy(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    /** The system properties {@code eddy run ARGS app.jar} would set for the job's main. */
    private static Map<String, String> runProperties(String... args) {
        RunCommand command = new RunCommand();
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = jar.toString();
        new CommandLine(command).parseArgs(all);
        return command.targetProperties(jar, "com.example.WordCount");
    }

    @Test
    void targetsParse() {
        assertThat(ExecutionTarget.parse("local")).isEqualTo(ExecutionTarget.LOCAL);
        assertThat(ExecutionTarget.parse("remote")).isEqualTo(ExecutionTarget.REMOTE);
        assertThat(ExecutionTarget.parse("yarn")).isEqualTo(ExecutionTarget.YARN);
        assertThat(ExecutionTarget.parse("yarn-session:" + APP)).isEqualTo(new ExecutionTarget(ExecutionTarget.Kind.YARN_SESSION, APP));
        assertThat(ExecutionTarget.parse(" yarn:" + APP + " ")).isEqualTo(new ExecutionTarget(ExecutionTarget.Kind.YARN, APP));
        assertThat(ExecutionTarget.parse("yarn-session:" + APP).toString()).isEqualTo("yarn-session:" + APP);
        assertThat(ExecutionTarget.parse("yarn:" + APP).isYarnApplication()).isTrue();
        assertThat(ExecutionTarget.YARN.isYarnApplication()).isFalse();
    }

    @Test
    void badTargetsAreUsageErrorsNamingTheValueAndTheFix() {
        assertThatThrownBy(() -> ExecutionTarget.parse("yarn-session:")).isInstanceOf(CliException.class)
                .hasMessageContaining("application id is missing").hasMessageContaining("yarn-session list");
        assertThatThrownBy(() -> ExecutionTarget.parse("yarn-session")).hasMessageContaining("application id is missing");
        assertThatThrownBy(() -> ExecutionTarget.parse("yarn-session:app_1")).hasMessageContaining("'app_1' is not a YARN application id");
        assertThatThrownBy(() -> ExecutionTarget.parse("yarn:application_x_1")).hasMessageContaining("not a YARN application id");
        assertThatThrownBy(() -> ExecutionTarget.parse("kubernetes")).hasMessageContaining("--target kubernetes: unknown target")
                .hasMessageContaining("yarn-session:APPID");
        assertThatThrownBy(() -> ExecutionTarget.parse("local:" + APP)).hasMessageContaining("takes no application id");
        assertThat(((CliException) catchThrowable(() -> ExecutionTarget.parse(""))).exitCode()).isEqualTo(EddyCli.EXIT_USAGE);
    }

    @Test
    void runOnYarnPassesTheTargetTheJarAndTheFlagsAsSettings() {
        Map<String, String> p = runProperties("--target", "yarn", "--containers", "3", "--slots", "2", "--container-memory", "768m",
                "--container-vcores", "1", "--am-memory", "1G", "--queue", "batch", "--name", "word count", "--detached");
        assertThat(p).containsEntry("eddy.execution.target", "yarn")
                .containsEntry("eddy.execution.jars", jar.toString())
                .containsEntry("eddy.yarn.containers", "3")
                .containsEntry("eddy.yarn.slots", "2")
                .containsEntry("eddy.yarn.container-memory", "768m")
                .containsEntry("eddy.yarn.container-vcores", "1")
                .containsEntry("eddy.yarn.am-memory", "1g")
                .containsEntry("eddy.yarn.queue", "batch")
                .containsEntry("eddy.yarn.name", "word count")
                .containsEntry("eddy.yarn.detached", "true");
        Map<String, String> defaults = runProperties("--target", "yarn");
        assertThat(defaults).containsEntry("eddy.yarn.name", "Eddy job com.example.WordCount")
                .doesNotContainKeys("eddy.yarn.containers", "eddy.yarn.detached", "eddy.yarn.queue");
    }

    @Test
    void runWithoutTargetIsEmbeddedAndLocalIsTheSame() {
        assertThat(runProperties()).isEqualTo(Map.of("eddy.execution.target", "embedded"));
        assertThat(runProperties("--target", "local")).isEqualTo(Map.of("eddy.execution.target", "embedded"));
    }

    @Test
    void badYarnFlagsAreUsageErrors() {
        Result memory = eddy("run", "--target", "yarn", "--container-memory", "2x", jar.toString());
        assertThat(memory.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(memory.err()).contains("--container-memory: '2x' is not a memory size").contains("e.g. 768m or 2g");
        assertThat(eddy("run", "--target", "yarn", "--am-memory", "512", jar.toString()).err())
                .contains("--am-memory: 512 is too small").contains("a plain number means bytes");
        assertThat(eddy("run", "--target", "yarn", "--containers", "0", jar.toString()).err()).contains("--containers: 0 (expected: >= 1)");
        assertThat(eddy("run", "--target", "yarn", "--queue", " ", jar.toString()).err()).contains("--queue: empty value");
        Result notANumber = eddy("run", "--target", "yarn", "--slots", "two", jar.toString());
        assertThat(notANumber.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(notANumber.err()).contains("--slots").contains("two");
    }

    @Test
    void flagsOfOneTargetAreRefusedWithAnother() {
        assertThatThrownBy(() -> runProperties("--containers", "2")).hasMessageContaining("need --target yarn");
        assertThatThrownBy(() -> runProperties("--detached")).hasMessageContaining("--detached needs --target yarn");
        assertThatThrownBy(() -> runProperties("--target", "yarn", "--master", "127.0.0.1:6123"))
                .hasMessageContaining("cannot be combined with --target yarn");
        assertThatThrownBy(() -> runProperties("--target", "yarn:" + APP)).hasMessageContaining("a per-job application runs only the job");
        Result session = eddy("run", "--target", "yarn-session:" + APP, "--containers", "2", jar.toString());
        assertThat(session.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(session.err()).contains("a session keeps the size it was started with");
        Result missingId = eddy("run", "--target", "yarn-session:", jar.toString());
        assertThat(missingId.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(missingId.err()).contains("application id is missing");
    }

    @Test
    void adminCommandsNeedARunningCluster() {
        Result local = eddy("list", "--target", "local");
        assertThat(local.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(local.err()).contains("an embedded cluster lives only inside 'eddy run'");
        Result newYarn = eddy("cancel", "--target", "yarn", "0123456789abcdef0123456789abcdef");
        assertThat(newYarn.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(newYarn.err()).contains("--target yarn starts a new application").contains("yarn:APPID");
        assertThat(eddy("savepoint", "--target", "yarn-session:nope", "0123456789abcdef0123456789abcdef").err())
                .contains("'nope' is not a YARN application id");
    }

    @Test
    void yarnSessionCommandsCheckTheirArguments() {
        Result stop = eddy("yarn-session", "stop", "session-1");
        assertThat(stop.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(stop.err()).contains("'session-1' is not a YARN application id");
        assertThat(eddy("yarn-session", "stop").code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(eddy("yarn-session").err()).contains("Missing subcommand: start, list or stop");
        Result start = eddy("yarn-session", "start", "--container-memory", "lots");
        assertThat(start.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(start.err()).contains("--container-memory: 'lots' is not a memory size");
        assertThat(eddy("yarn-session", "start", "--help").out()).contains("--containers").contains("--am-memory").contains("--queue");
        assertThat(eddy("--help").out()).contains("yarn-session");
        assertThat(eddy("run", "--help").out()).contains("--target").contains("yarn-session:APPID").contains("--detached");
    }

    private static Throwable catchThrowable(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return org.assertj.core.api.Assertions.catchThrowable(call);
    }
}
