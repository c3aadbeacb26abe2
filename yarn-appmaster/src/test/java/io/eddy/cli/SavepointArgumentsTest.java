package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.JobId;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Argument parsing of {@code savepoint}, {@code cancel --with-savepoint} and {@code run --from-savepoint} (no cluster). */
class SavepointArgumentsTest {

    private static final String JOB = "0123456789abcdef0123456789abcdef";

    private record Result(int code, String out, String err) {}

    private static Result eddy(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    private static CancelCommand.Request cancel(String... args) {
        CancelCommand command = new CancelCommand();
        new CommandLine(command).parseArgs(args);
        return command.request();
    }

    @Test
    void cancelWithSavepointTakesAnOptionalDirectoryBeforeTheJob() {
        assertThat(cancel(JOB)).isEqualTo(new CancelCommand.Request(JobId.fromHex(JOB), false, null));
        assertThat(cancel("--with-savepoint", JOB)).isEqualTo(new CancelCommand.Request(JobId.fromHex(JOB), true, null));
        assertThat(cancel("--with-savepoint", "hdfs:///savepoints", JOB))
                .isEqualTo(new CancelCommand.Request(JobId.fromHex(JOB), true, "hdfs:///savepoints"));
        assertThat(cancel(JOB, "--with-savepoint")).isEqualTo(new CancelCommand.Request(JobId.fromHex(JOB), true, null));
        assertThatThrownBy(() -> cancel("--with-savepoint")).isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("Missing JOBID");
        assertThatThrownBy(() -> cancel("--with-savepoint", "/sp", "not-a-job")).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("not-a-job");
    }

    @Test
    void savepointTakesAJobAndAnOptionalDirectory() {
        CommandLine cli = new CommandLine(new EddyCli());
        CommandLine.ParseResult parsed = cli.parseArgs("savepoint", "--master", "127.0.0.1:1", JOB, "hdfs:///sp").subcommand();
        assertThat(parsed.commandSpec().name()).isEqualTo("savepoint");
        assertThat(parsed.matchedPositional(0).getValue().toString()).isEqualTo(JOB);
        assertThat(parsed.matchedPositional(1).getValue().toString()).isEqualTo("hdfs:///sp");
        assertThat(new CommandLine(new EddyCli()).parseArgs("savepoint", JOB).subcommand().matchedPositionals()).hasSize(1);

        Result badJob = eddy("savepoint", "--master", "127.0.0.1:1", "not-a-job-id");
        assertThat(badJob.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(badJob.err()).contains("not-a-job-id");
        assertThat(eddy("savepoint").code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(eddy("--help").out()).contains("savepoint");
    }

    @Test
    void directoriesAreMadeAbsoluteForTheMasterUnlessTheyAreUris() {
        assertThat(SavepointCommand.absolute("sp/dir")).isEqualTo(Path.of("sp/dir").toAbsolutePath().normalize().toString());
        assertThat(SavepointCommand.absolute("/data/sp")).isEqualTo("/data/sp");
        assertThat(SavepointCommand.absolute("hdfs://nn:8020/sp")).isEqualTo("hdfs://nn:8020/sp");
        assertThat(SavepointCommand.absolute("file:///tmp/sp")).isEqualTo("file:///tmp/sp");
        assertThat(SavepointCommand.absolute(null)).isNull();
    }

    @Test
    void runFromSavepointSetsTheRestoreSettings() {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs("--from-savepoint", "/sp/savepoint-0123ab-abcdefabcdef", "--allow-non-restored-state", "app.jar", "x");
        assertThat(run.savepointProperties()).isEqualTo(Map.of(
                "eddy." + CheckpointingOptions.RESTORE_PATH.key(), "/sp/savepoint-0123ab-abcdefabcdef",
                "eddy." + CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key(), "true"));

        RunCommand plain = new RunCommand();
        new CommandLine(plain).parseArgs("app.jar");
        assertThat(plain.savepointProperties()).isEmpty();

        RunCommand allowOnly = new RunCommand();
        new CommandLine(allowOnly).parseArgs("--allow-non-restored-state", "app.jar");
        assertThatThrownBy(allowOnly::savepointProperties).isInstanceOf(CliException.class).hasMessageContaining("--from-savepoint");
    }
}
