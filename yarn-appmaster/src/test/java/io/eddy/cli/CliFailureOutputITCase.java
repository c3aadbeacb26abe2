package io.eddy.cli;

import io.eddy.runtime.rpc.Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a failing {@code eddy} command prints: the CLI runs in a child JVM as {@code scripts/eddy}
 * runs it ({@code log4j2-cli.xml}, a log file), and its whole stderr is read. Without {@code
 * --verbose} a failure is its message and root cause and a pointer to the log file, and no line of
 * stderr is a stack frame (log lines included); with {@code --verbose} the stack trace and INFO log
 * lines are there too. The log file holds the stack trace either way. Assertions are soft, so a
 * failing run names every command whose output regressed. The commands of a test run at
 * once, as most of their time is spent waiting (the YARN client gives up on an unreachable
 * ResourceManager after about 10 s).
 */
@Timeout(180)
class CliFailureOutputITCase {

    @Test
    void yarnCommandsAgainstAnUnreachableResourceManagerPrintTheMessageAndTheRootCause(@TempDir Path dir) throws Exception {
        int port = CliProcess.closedPort();
        Path conf = Files.createDirectories(dir.resolve("hadoop-conf"));
        Files.writeString(conf.resolve("yarn-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>yarn.resourcemanager.address</name><value>127.0.0.1:" + port + "</value></property>\n</configuration>\n");
        Map<String, String> env = Map.of("HADOOP_CONF_DIR", conf.toString());
        SoftAssertions softly = new SoftAssertions();
        String jar = EddyCliITCase.jobJar(dir).toString();
        String app = "application_1700000000000_0001";

        CliProcess run = CliProcess.eddy(dir, "run", env, "run", "--target", "yarn", jar, dir.resolve("out").toString());
        CliProcess runVerbose = CliProcess.eddy(dir, "run-verbose", env, "run", "--verbose", "--target", "yarn", jar, dir.resolve("out").toString());
        CliProcess list = CliProcess.eddy(dir, "list", env, "list", "--target", "yarn-session:" + app);
        CliProcess stop = CliProcess.eddy(dir, "session-stop", env, "yarn-session", "stop", app);

        String unreachable = "Cannot reach the YARN ResourceManager at 127.0.0.1:" + port + " (yarn.resourcemanager.address)";
        for (CliProcess started : List.of(run, list, stop)) {
            CliProcess.Ended f = started.await();
            assertPlainFailure(softly, f, EddyCli.EXIT_FAILURE, unreachable);
            softly.assertThat(f.err()).as(f.name()).contains("Root cause: java.net.ConnectException: Connection refused");
            softly.assertThat(f.log()).as("the log of " + f.name()).contains("failed with exit code 1").containsPattern(CliProcess.STACK_FRAME)
                    .contains("at io.eddy.yarn.client.YarnClusterDeployer.connect(");
        }
        softly.assertThat(run.await().err()).startsWith("eddy: The job " + CliTestJob.class.getName() + " (cli-test-job.jar) failed: " + unreachable);

        CliProcess.Ended verbose = runVerbose.await();
        softly.assertThat(verbose.code()).as(verbose.err()).isEqualTo(EddyCli.EXIT_FAILURE);
        softly.assertThat(verbose.err()).contains("eddy: The job ").contains(unreachable).contains("Root cause: java.net.ConnectException: Connection refused")
                .contains("at io.eddy.yarn.client.YarnClusterDeployer.connect(")
                .containsPattern("INFO .*Connecting to ResourceManager at /127.0.0.1:" + port);
        softly.assertAll();
    }

    @Test
    void commandsFailingWithoutYarnPrintTheMessageAndTheRootCause(@TempDir Path dir) throws Exception {
        String jar = EddyCliITCase.jobJar(dir).toString();
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        String master = "127.0.0.1:" + CliProcess.closedPort();
        String job = "0123456789abcdef0123456789abcdef";
        Path notAJar = Files.writeString(dir.resolve("not-a.jar"), "just text");
        Path corruptCluster = Files.createDirectories(dir.resolve("corrupt-cluster"));
        Files.writeString(corruptCluster.resolve("processes"), "worker-1 123\n");
        Map<String, String> env = Map.of();
        SoftAssertions softly = new SoftAssertions();

        CliProcess mainFails = CliProcess.eddy(dir, "main-fails", env, "run", jar, "fail");
        CliProcess taskFails = CliProcess.eddy(dir, "task-fails", env, "run", jar, "fail-in-task");
        CliProcess taskFailsVerbose = CliProcess.eddy(dir, "task-fails-verbose", env, "--verbose", "run", jar, "fail-in-task");
        CliProcess plan = CliProcess.eddy(dir, "plan", env, "plan", notAJar.toString());
        CliProcess stop = CliProcess.eddy(dir, "cluster-stop", env, "cluster", "stop", "--dir", corruptCluster.toString());
        CliProcess list = CliProcess.eddy(dir, "list", env, "list", "--master", master, "--secret-file", secret.toString());
        CliProcess cancel = CliProcess.eddy(dir, "cancel", env, "cancel", "--master", master, "--secret-file", secret.toString(), job);
        CliProcess savepoint = CliProcess.eddy(dir, "savepoint", env, "savepoint", "--master", master, "--secret-file", secret.toString(), job,
                dir.resolve("savepoints").toString());

        CliProcess.Ended f = mainFails.await();
        assertPlainFailure(softly, f, EddyCli.EXIT_FAILURE, "eddy: The job " + CliTestJob.class.getName() + " (cli-test-job.jar) failed: "
                + "the job program failed on purpose");
        softly.assertThat(f.log()).contains("java.lang.IllegalStateException: the job program failed on purpose").contains("at io.eddy.cli.CliTestJob.main(");

        f = taskFails.await();
        assertPlainFailure(softly, f, EddyCli.EXIT_FAILURE, "eddy: The job " + CliTestJob.class.getName() + " (cli-test-job.jar) failed: ");
        softly.assertThat(f.err()).contains("Root cause: java.lang.IllegalStateException: " + CliTestJob.TASK_FAILURE)
                .as("the task's failure is logged as a WARN line, with the exception's message but not its stack trace")
                .containsPattern("WARN .*failed \\(.*" + CliTestJob.TASK_FAILURE);
        softly.assertThat(f.log()).contains("at io.eddy.cli.CliTestJob$FailingMap.map(");

        f = taskFailsVerbose.await();
        softly.assertThat(f.code()).as(f.err()).isEqualTo(EddyCli.EXIT_FAILURE);
        softly.assertThat(f.err()).contains("Root cause: java.lang.IllegalStateException: " + CliTestJob.TASK_FAILURE)
                .contains("at io.eddy.cli.CliTestJob$FailingMap.map(").contains("at io.eddy.cli.DemoCommand.invokeMain(")
                .containsPattern("INFO .*Local cluster started");

        f = plan.await();
        assertPlainFailure(softly, f, EddyCli.EXIT_USAGE, "eddy: The file " + notAJar + " is not a jar");
        softly.assertThat(f.err()).contains("Root cause: java.util.zip.ZipException");
        softly.assertThat(f.log()).contains("failed with exit code 2").containsPattern(CliProcess.STACK_FRAME);

        f = stop.await();
        assertPlainFailure(softly, f, EddyCli.EXIT_FAILURE, "eddy: Corrupt line in " + corruptCluster.resolve("processes") + ": 'worker-1 123'");
        softly.assertThat(f.log()).contains("at io.eddy.cli.ClusterDirectory.");

        for (CliProcess started : List.of(list, cancel, savepoint)) {
            f = started.await();
            assertPlainFailure(softly, f, EddyCli.EXIT_FAILURE, "eddy: Cannot reach the master at " + master);
            softly.assertThat(f.err()).as(f.name()).contains("Root cause: java.net.ConnectException: Connection refused");
            softly.assertThat(f.log()).as("the log of " + f.name()).contains("at io.eddy.runtime.rpc.RpcClient.");
        }
        softly.assertAll();
    }

    /** A failure printed without a stack trace: the exit code, {@code message}, and where the stack trace is. */
    private static void assertPlainFailure(SoftAssertions softly, CliProcess.Ended f, int code, String message) {
        softly.assertThat(f.err()).as("stderr of %s has no stack frame", f.name()).doesNotContainPattern(CliProcess.STACK_FRAME);
        softly.assertThat(f.code()).as("exit code of %s; stderr:%n%s", f.name(), f.err()).isEqualTo(code);
        softly.assertThat(f.err()).as(f.name()).contains(message);
        if (code == EddyCli.EXIT_FAILURE) {
            softly.assertThat(f.err()).as(f.name()).contains("See " + f.logFile() + " for the stack trace, or run again with --verbose.");
        }
    }
}
