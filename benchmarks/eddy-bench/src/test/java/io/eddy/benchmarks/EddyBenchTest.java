package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EddyBenchTest {

    private static final Map<String, Long> ACCUMULATORS = Map.ofEntries(Map.entry("checkpoints.completed", 9L),
            Map.entry("checkpoints.duration-p50-ms", 97L), Map.entry("checkpoints.duration-p99-ms", 330L),
            Map.entry("checkpoints.max-size-bytes", 15_600L), Map.entry("checkpoints.sync-total-us", 30_250L),
            Map.entry("checkpoints.alignment-total-us", 9_750L), Map.entry("checkpoints.async-total-us", 123_456L),
            Map.entry("checkpoints.tasks", 4L));

    @Test
    void theSyncShareIsSyncPlusAlignmentOverTheTaskTimeOfTheJob() {
        // (30.25 + 9.75) ms over 10 s x 4 tasks
        assertThat(EddyBench.checkpointFigures(ACCUMULATORS, 10_000)).isEqualTo(" checkpoints=9 checkpoint_p50_ms=97 checkpoint_p99_ms=330"
                + " checkpoint_max_size_bytes=15600 checkpoint_sync_share=0.10% checkpoint_sync_total_ms=30.3"
                + " checkpoint_alignment_total_ms=9.8 checkpoint_async_total_ms=123.5 checkpoint_tasks=4");
    }

    @Test
    void withoutACompletedCheckpointThereIsNoShare() {
        assertThat(EddyBench.syncShare(0, 10_000, 0)).isEqualTo("none");
        assertThat(EddyBench.syncShare(1_200, 1_000, 2)).isEqualTo("0.06%");
    }

    @Test
    void runsTheJobsOneAfterAnotherAndNumbersTheirResultLines() {
        CommandRun run = CommandRun.of("statemachine", "--events", "20000", "--name", "statemachine-network", "--jobs", "2");

        assertThat(run.code()).isZero();
        assertThat(run.output())
                .containsPattern("(?m)^RESULT name=statemachine-network system=eddy rate=\\d+ .* job=1\n"
                        + "RESULT name=statemachine-network system=eddy rate=\\d+ .* job=2$");
    }

    @Test
    void aResultLineHasTheCpuTimePerEventOfThisJvmAndTheProcessesItIsToldOf() {
        CommandRun run = CommandRun.of("statemachine", "--events", "20000");
        assertThat(run.code()).isZero();
        assertThat(run.output()).containsPattern("cpu_ns_per_event=\\d+\\.\\d cpu_processes=1 ");
        double nanos = Double.parseDouble(run.output().replaceAll("(?s).*cpu_ns_per_event=([0-9.]+).*", "$1"));
        assertThat(nanos).as("a job takes CPU").isPositive();
    }

    @Test
    void theProcessesToMeasureMustBeLive() {
        System.setProperty(CpuTime.PIDS_PROPERTY, ProcessHandle.current().pid() + ",notapid");
        try {
            assertThatThrownBy(CpuTime::ofRun).hasMessageContaining("'notapid' is not a process id");
            System.setProperty(CpuTime.PIDS_PROPERTY, Long.toString(Long.MAX_VALUE));
            assertThatThrownBy(CpuTime::ofRun).hasMessageContaining("no live process " + Long.MAX_VALUE);
            System.setProperty(CpuTime.PIDS_PROPERTY, Long.toString(ProcessHandle.current().pid()));
            assertThat(CpuTime.ofRun().processes()).as("this JVM, and itself again as told").isEqualTo(2);
        } finally {
            System.clearProperty(CpuTime.PIDS_PROPERTY);
        }
    }

    @Test
    void runsEitherSourceAndSaysWhichInTheResultLine() {
        for (String source : new String[] {"reader", "legacy"}) {
            CommandRun run = CommandRun.of("statemachine", "--events", "20000", "--source", source);

            assertThat(run.code()).as(source).isZero();
            assertThat(run.output()).containsPattern("(?m)^RESULT name=statemachine-embedded system=eddy rate=\\d+ .* source=" + source + " job=1$");
        }
        assertThat(CommandRun.of("statemachine", "--source", "push").code()).isNotZero();
    }
}
