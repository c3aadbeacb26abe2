package io.eddy.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.cli.CliProcess;
import io.eddy.examples.statemachine.StateMachineDemo;
import io.eddy.runtime.rpc.Secret;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the state-machine demo prints when its job cannot be submitted, in child JVMs: run on its
 * own, its {@code main} prints the message and the root cause (the stack trace with {@code
 * --verbose}); run by {@code eddy run --target yarn} against an unreachable ResourceManager, the
 * CLI reports the failure, without a stack trace either.
 */
@Timeout(120)
class ExampleFailureOutputITCase {

    @Test
    void aFailedSubmissionIsItsMessageAndRootCause(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        int port = CliProcess.closedPort();
        List<String> unreachableMaster = List.of("-Deddy.execution.target=remote", "-Deddy.master.address=127.0.0.1:" + port,
                "-Deddy.cluster.secret-file=" + secret);
        Path conf = Files.createDirectories(dir.resolve("hadoop-conf"));
        Files.writeString(conf.resolve("yarn-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>yarn.resourcemanager.address</name><value>127.0.0.1:" + port + "</value></property>\n</configuration>\n");
        String demo = StateMachineDemo.class.getName();

        CliProcess alone = CliProcess.start(dir, "alone", Map.of(), unreachableMaster, demo, "--events", "1000");
        CliProcess aloneVerbose = CliProcess.start(dir, "alone-verbose", Map.of(), unreachableMaster, demo, "--events", "1000", "--verbose");
        CliProcess onYarn = CliProcess.eddy(dir, "eddy-run", Map.of("HADOOP_CONF_DIR", conf.toString()),
                "run", "--target", "yarn", demoJar(dir).toString(), "--events", "1000");

        CliProcess.Ended ended = alone.await();
        assertThat(ended.code()).as(ended.err()).isEqualTo(1);
        assertThat(ended.err()).startsWith("state-machine-demo: Cannot reach the master at 127.0.0.1:" + port)
                .contains("Root cause: java.net.ConnectException: Connection refused").doesNotContainPattern(CliProcess.STACK_FRAME);

        ended = aloneVerbose.await();
        assertThat(ended.code()).as(ended.err()).isEqualTo(1);
        assertThat(ended.err()).startsWith("state-machine-demo: Cannot reach the master at 127.0.0.1:" + port)
                .containsPattern(CliProcess.STACK_FRAME).contains("at io.eddy.examples.statemachine.StateMachineDemo.main(");

        ended = onYarn.await();
        assertThat(ended.code()).as(ended.err()).isEqualTo(1);
        assertThat(ended.err()).startsWith("eddy: The job " + demo + " (demo.jar) failed: Cannot reach the YARN ResourceManager at 127.0.0.1:" + port)
                .contains("Root cause: java.net.ConnectException: Connection refused").doesNotContain("state-machine-demo:")
                .doesNotContainPattern(CliProcess.STACK_FRAME);
        assertThat(ended.log()).contains("at io.eddy.examples.statemachine.StateMachineDemo.main(");
    }

    /** A job jar that names the demo as its Main-Class; the class itself comes from the class path. */
    private static Path demoJar(Path dir) throws Exception {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, StateMachineDemo.class.getName());
        Path jar = dir.resolve("demo.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.finish();
        }
        return jar;
    }
}
