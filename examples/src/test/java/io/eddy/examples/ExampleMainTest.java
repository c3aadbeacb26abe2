package io.eddy.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** How an example's {@code main} reports a failure ({@link ExampleMain}), on a command that fails as a job would. */
class ExampleMainTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at ");

    /** Fails with an exception two causes deep, or returns 3 with {@code --code-3}. */
    @Command(name = "failing-example", mixinStandardHelpOptions = true)
    static final class FailingExample implements Callable<Integer> {
        @Option(names = "--code-3")
        boolean code3;

        private final java.util.function.Supplier<RuntimeException> failure;

        FailingExample() {
            this(() -> new IllegalStateException("The job failed: its input is gone",
                    new UncheckedIOException("reading part-0 failed", new IOException("disk on fire"))));
        }

        FailingExample(java.util.function.Supplier<RuntimeException> failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() {
            if (code3) {
                return 3;
            }
            throw failure.get();
        }
    }

    /** Exit code and stderr of one run. */
    private record Result(int code, String err) {}

    private final StringWriter err = new StringWriter();

    @AfterEach
    void clearProperties() {
        System.clearProperty(ExampleMain.VERBOSE_PROPERTY);
        System.clearProperty(ExampleMain.REPORTS_FAILURES_PROPERTY);
    }

    private Result run(String... args) throws Exception {
        CommandLine commandLine = new CommandLine(new FailingExample()).setErr(new PrintWriter(err, true));
        int code = ExampleMain.execute(commandLine, args);
        return new Result(code, err.toString());
    }

    @Test
    void aFailureIsItsMessageAndRootCauseWithoutAStackTrace() throws Exception {
        Result r = run();
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("failing-example: The job failed: its input is gone" + System.lineSeparator()
                + "Root cause: java.io.IOException: disk on fire" + System.lineSeparator());
    }

    @Test
    void aLongRootMessageTheFirstLineCarriesIsNotPrintedTwice() throws Exception {
        String diagnosis = "x".repeat(81);
        CommandLine commandLine = new CommandLine(new FailingExample(() -> new IllegalStateException("The job failed: " + diagnosis,
                new IOException(diagnosis)))).setErr(new PrintWriter(err, true));
        assertThat(ExampleMain.execute(commandLine)).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("failing-example: The job failed: " + diagnosis + System.lineSeparator()
                + "Root cause: java.io.IOException (its message is above)" + System.lineSeparator());
    }

    @Test
    void verboseAddsTheStackTrace() throws Exception {
        Result r = run("--verbose");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).startsWith("failing-example: The job failed: its input is gone").containsPattern(STACK_FRAME)
                .contains("at io.eddy.examples.ExampleMainTest$FailingExample.lambda$new$").contains("Caused by: java.io.IOException: disk on fire");
    }

    @Test
    void theVerboseSystemPropertyAddsTheStackTrace() throws Exception {
        System.setProperty(ExampleMain.VERBOSE_PROPERTY, "true");
        assertThat(run().err()).containsPattern(STACK_FRAME);
    }

    @Test
    void underTheEddyCliTheFailureIsThrownForTheCliToReport() {
        System.setProperty(ExampleMain.REPORTS_FAILURES_PROPERTY, "true");
        assertThatThrownBy(this::run).isInstanceOf(IllegalStateException.class).hasMessage("The job failed: its input is gone")
                .hasRootCauseMessage("disk on fire");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aUsageErrorPrintsTheUsageAndAnExitCodeIsKept() throws Exception {
        Result usage = run("--no-such-option");
        assertThat(usage.code()).isEqualTo(2);
        assertThat(usage.err()).contains("Unknown option: '--no-such-option'").contains("Usage: failing-example").contains("--verbose")
                .doesNotContainPattern(STACK_FRAME);
        assertThat(run("--code-3").code()).isEqualTo(3);
    }
}
