package io.eddy.master.iteration;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.DoubleSumAggregator;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.master.RegionTestGraphs;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.IterationOptions;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The superstep coordinator's decisions without a network: a loop V1 (head) -> V2 (tail) with a
 * feedback edge, parallelism 2, fed from V0; so four tasks report each superstep and two heads hear
 * the decision (a recording sender). Time is a manual clock.
 */
class SuperstepCoordinatorTest {

    private static final String LOOP = "loop";

    private final ManualClock clock = new ManualClock();
    private final List<TaskId> sentTo = new ArrayList<>();
    private final List<SuperstepDecision> sent = new ArrayList<>();
    private JobGraph graph;

    @Test
    void theLoopGoesOnUntilItsMaximumAndEveryHeadHearsEachDecision() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 3, new AggregatorRegistry(), false));
        c.start(0);

        for (int s = 1; s <= 3; s++) {
            assertThat(c.onSuperstepDone(task(1, 0, 0), s, null)).isNull();
            assertThat(c.onSuperstepDone(task(2, 0, 0), s, null)).isNull();
            assertThat(c.onSuperstepDone(task(2, 1, 0), s, null)).as("the superstep needs every task's report").isNull();
            SuperstepDecision d = c.onSuperstepDone(task(1, 1, 0), s, new byte[0]);
            assertThat(d.superstep()).isEqualTo(s);
            assertThat(d.terminate()).isEqualTo(s == 3);
        }

        assertThat(sent).extracting(SuperstepDecision::terminate).containsExactly(false, false, false, false, true, true);
        assertThat(sent.get(4).reason()).isEqualTo("the maximum of 3 supersteps is reached");
        assertThat(sentTo).extracting(TaskId::toString).containsExactly("v1#0.0", "v1#1.0", "v1#0.0", "v1#1.0", "v1#0.0", "v1#1.0");
        assertThat(c.isEnded()).isTrue();
        assertThat(combined(sent.get(0))).isEmpty();
    }

    @Test
    void eachSuperstepLastsFromThePreviousDecisionToItsLastReport() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 5, new AggregatorRegistry(), false));
        clock.millis = 1_000;
        c.start(0);
        clock.millis = 1_300;
        reportAll(c, 1, 0, Map.of());
        clock.millis = 1_350;
        reportAll(c, 2, 0, Map.of());

        assertThat(c.superstepMillis()).containsExactly(300L, 50L);
        assertThat(c.superstep()).isEqualTo(3);
    }

    @Test
    void aBulkLoopWithATerminationCriterionEndsAfterASuperstepThatCountedNoRecord() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, new AggregatorRegistry(), true));
        c.start(0);

        SuperstepDecision first = reportAll(c, 1, 0, Map.of(IterationSpec.TERMINATION_AGGREGATOR, 2L));
        // In superstep 2 only one task counts, and it counts 0; the others report nothing: the count is 0.
        c.onSuperstepDone(task(2, 0, 0), 2, bytes(Map.of(IterationSpec.TERMINATION_AGGREGATOR, 0L)));
        c.onSuperstepDone(task(2, 1, 0), 2, null);
        c.onSuperstepDone(task(1, 0, 0), 2, null);
        SuperstepDecision second = c.onSuperstepDone(task(1, 1, 0), 2, null);

        assertThat(first.terminate()).isFalse();
        assertThat(combined(first)).containsEntry(IterationSpec.TERMINATION_AGGREGATOR, 8L);
        assertThat(second.terminate()).isTrue();
        assertThat(second.reason()).isEqualTo("the termination criterion produced no record in superstep 2");
    }

    @Test
    void aDeltaLoopEndsWhenItsNextWorksetIsEmpty() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.DELTA, 10, new AggregatorRegistry(), false));
        c.start(0);

        assertThat(reportAll(c, 1, 0, Map.of(IterationSpec.TERMINATION_AGGREGATOR, 1L)).terminate()).isFalse();
        SuperstepDecision d = reportAll(c, 2, 0, Map.of(IterationSpec.TERMINATION_AGGREGATOR, 0L));
        assertThat(d.terminate()).isTrue();
        assertThat(d.reason()).isEqualTo("the next workset is empty");
    }

    @Test
    void theConvergenceCriterionTestsTheCombinedValueOfItsAggregator() {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.registerWithConvergenceCriterion("change", new DoubleSumAggregator(), (superstep, change) -> change < 1.0);
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, registry, false));
        c.start(0);

        SuperstepDecision first = reportAll(c, 1, 0, Map.of("change", 0.5)); // 4 tasks: 2.0
        SuperstepDecision second = reportAll(c, 2, 0, Map.of("change", 0.2)); // 0.8

        assertThat(first.terminate()).isFalse();
        assertThat(combined(first)).containsEntry("change", 2.0);
        assertThat(second.terminate()).isTrue();
        assertThat(second.reason()).isEqualTo("the convergence criterion on aggregator 'change' holds");
        assertThat((Double) combined(second).get("change")).isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void userAggregatorsAreCombinedFreshInEverySuperstepAndUnreportedOnesAreNeutral() {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register("max", new MaxAggregator());
        registry.register("count", new LongSumAggregator());
        registry.register("unused", new LongSumAggregator());
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, registry, false));
        c.start(0);

        c.onSuperstepDone(task(1, 0, 0), 1, bytes(Map.of("max", 7L, "count", 1L)));
        c.onSuperstepDone(task(1, 1, 0), 1, bytes(Map.of("max", 3L, "count", 2L)));
        c.onSuperstepDone(task(2, 0, 0), 1, bytes(Map.of("max", 11L)));
        SuperstepDecision first = c.onSuperstepDone(task(2, 1, 0), 1, null);
        SuperstepDecision second = reportAll(c, 2, 0, Map.of("max", 2L, "count", 1L));

        assertThat(combined(first)).containsOnly(Map.entry("max", 11L), Map.entry("count", 3L), Map.entry("unused", 0L));
        assertThat(combined(second)).as("nothing of superstep 1 is left").containsOnly(Map.entry("max", 2L), Map.entry("count", 4L),
                Map.entry("unused", 0L));
    }

    @Test
    void valuesOfUnknownAggregatorsOrOfTheWrongTypeFailLoudly() {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register("count", new LongSumAggregator());
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, registry, false));
        c.start(0);

        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 0), 1, bytes(Map.of("other", 1L))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("aggregator 'other'").hasMessageContaining("[count]");
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 1, 0), 1, bytes(Map.of("count", "one"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("java.lang.String for aggregator 'count'");
        assertThatThrownBy(() -> c.onSuperstepDone(task(2, 0, 0), 1, bytes(Map.of(IterationSpec.TERMINATION_AGGREGATOR, 1L))))
                .as("a loop without a termination criterion counts nothing").isInstanceOf(IllegalStateException.class);
    }

    @Test
    void reportsOfAnOlderAttemptAreIgnored() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, new AggregatorRegistry(), false));
        c.start(0);
        c.onSuperstepDone(task(1, 0, 0), 1, null);
        c.start(1);

        assertThat(c.onSuperstepDone(task(1, 1, 0), 1, null)).isNull();
        assertThat(c.onSuperstepDone(task(2, 0, 0), 7, null)).as("whatever superstep it names").isNull();
        SuperstepDecision d = reportAll(c, 1, 1, Map.of());

        assertThat(d.terminate()).isFalse();
        assertThat(sentTo).extracting(TaskId::toString).containsExactly("v1#0.1", "v1#1.1");
    }

    @Test
    void aRestartDropsTheRunAndStartsAgainAtSuperstepOne() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 2, new AggregatorRegistry(), false));
        clock.millis = 100;
        c.start(0);
        clock.millis = 150;
        reportAll(c, 1, 0, Map.of());
        c.onSuperstepDone(task(1, 0, 0), 2, null);

        clock.millis = 1_000;
        c.start(1);
        assertThat(c.superstep()).isEqualTo(1);
        assertThat(c.superstepMillis()).isEmpty();
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 1), 2, null)).hasMessageContaining("while superstep 1 runs");
        clock.millis = 1_010;
        reportAll(c, 1, 1, Map.of());
        clock.millis = 1_030;
        SuperstepDecision end = reportAll(c, 2, 1, Map.of());

        assertThat(end.terminate()).isTrue();
        assertThat(c.superstepMillis()).containsExactly(10L, 20L);
        assertThatThrownBy(() -> c.start(1)).hasMessageStartingWith("Bug:");
        c.start(2);
        assertThat(c.isEnded()).as("an ended loop that is restarted runs again").isFalse();
    }

    @Test
    void impossibleReportsAreBugsThatFailLoudly() {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 1, new AggregatorRegistry(), false));
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 0), 1, null)).as("before the loop's tasks were deployed")
                .hasMessageContaining("has not started");
        c.start(0);

        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 0), 2, null)).hasMessageStartingWith("Bug:")
                .hasMessageContaining("superstep 2 while superstep 1 runs");
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 1), 1, null)).hasMessageContaining("runs attempt 0");
        assertThatThrownBy(() -> c.onSuperstepDone(task(0, 0, 0), 1, null)).as("V0 is not in the loop").hasMessageStartingWith("Bug:");
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 2, 0), 1, null)).as("no subtask 2").hasMessageStartingWith("Bug:");
        c.onSuperstepDone(task(1, 0, 0), 1, null);
        assertThatThrownBy(() -> c.onSuperstepDone(task(1, 0, 0), 1, null)).hasMessageContaining("twice");
        c.onSuperstepDone(task(1, 1, 0), 1, null);
        c.onSuperstepDone(task(2, 0, 0), 1, null);
        assertThat(c.onSuperstepDone(task(2, 1, 0), 1, null).terminate()).isTrue();
        assertThatThrownBy(() -> c.onSuperstepDone(task(2, 1, 0), 1, null)).hasMessageContaining("after the loop was told to terminate");
    }

    @Test
    void aRegistryThatTakesTheReservedNameIsRefused() {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register(IterationSpec.TERMINATION_AGGREGATOR, new LongSumAggregator());

        assertThatThrownBy(() -> coordinator(spec(IterationSpec.Kind.BULK, 3, registry, false)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserves");
    }

    // ---- helpers

    @Test
    void everyKthDecisionNamesASnapshotWhichIsCompleteAfterTheNextSuperstepAndARestartResumesAfterIt(@TempDir Path dir) {
        IterationSnapshots snapshots = snapshots(dir, 2);
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, new AggregatorRegistry(), false), snapshots);
        c.start(0);
        assertThat(reportAll(c, 1, 0, Map.of()).snapshotDirOrNull()).isNull();
        SuperstepDecision second = reportAll(c, 2, 0, Map.of());
        assertThat(second.snapshotDirOrNull()).isEqualTo(dir.toUri().toString().replaceAll("/$", "") + "/" + graph.jobId()
                + "/iterations/loop/superstep-2");
        assertThat(c.latestSnapshot()).as("the heads write it while superstep 3 runs").isZero();
        assertThat(reportAll(c, 3, 0, Map.of()).snapshotDirOrNull()).isNull();
        assertThat(c.latestSnapshot()).isEqualTo(2);

        IterationResume resume = c.resumeFor(1);
        assertThat(resume.superstep()).isEqualTo(3);
        assertThat(resume.snapshotDir()).isEqualTo(second.snapshotDirOrNull());
        assertThat(resume.aggregatesBytes()).isEqualTo(second.aggregatesBytes());
        assertThat(c.resumeFor(1)).as("chosen once per attempt").isEqualTo(resume);
        c.start(1);
        assertThat(c.superstep()).isEqualTo(3);
        assertThat(c.firstSuperstep()).isEqualTo(3);
        assertThat(reportAll(c, 3, 1, Map.of()).superstep()).isEqualTo(3);
        assertThat(c.superstepMillis()).as("durations of the resumed run, from its first superstep").hasSize(1);
    }

    @Test
    void aResumedRunThatFailsInItsFirstSuperstepDropsItsSnapshotAndTheNextStartsAtSuperstepOne(@TempDir Path dir) {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, new AggregatorRegistry(), false), snapshots(dir, 1));
        c.start(0);
        reportAll(c, 1, 0, Map.of());
        reportAll(c, 2, 0, Map.of());
        assertThat(c.latestSnapshot()).isEqualTo(1);
        c.start(1);
        assertThat(c.firstSuperstep()).isEqualTo(2);

        assertThat(c.resumeFor(2)).as("the resumed run never ended superstep 2").isNull();
        c.start(2);
        assertThat(c.superstep()).isEqualTo(1);
        assertThat(c.latestSnapshot()).isZero();
    }

    @Test
    void aSnapshotWhoseNextSuperstepDidNotEndIsNotResumedFrom(@TempDir Path dir) {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 10, new AggregatorRegistry(), false), snapshots(dir, 2));
        c.start(0);
        reportAll(c, 1, 0, Map.of());
        assertThat(reportAll(c, 2, 0, Map.of()).snapshotDirOrNull()).isNotNull();
        c.onSuperstepDone(task(1, 0, 0), 3, null);

        assertThat(c.resumeFor(1)).isNull();
        c.start(1);
        assertThat(c.superstep()).isEqualTo(1);
        reportAll(c, 1, 1, Map.of());
        reportAll(c, 2, 1, Map.of());
        reportAll(c, 3, 1, Map.of());
        assertThat(c.latestSnapshot()).as("the new run's own snapshot").isEqualTo(2);
    }

    @Test
    void noSnapshotIsTakenAfterTheLastSuperstepAndAnOlderOneIsDeletedWhenANewerIsComplete(@TempDir Path dir) throws Exception {
        SuperstepCoordinator c = coordinator(spec(IterationSpec.Kind.BULK, 4, new AggregatorRegistry(), false), snapshots(dir, 1));
        c.start(0);
        String first = reportAll(c, 1, 0, Map.of()).snapshotDirOrNull();
        Path firstDir = Path.of(java.net.URI.create(first));
        Files.createDirectories(firstDir);
        Files.writeString(firstDir.resolve("lane-0"), "x");
        reportAll(c, 2, 0, Map.of());
        reportAll(c, 3, 0, Map.of());
        assertThat(c.latestSnapshot()).isEqualTo(2);
        SuperstepDecision last = reportAll(c, 4, 0, Map.of());
        assertThat(last.terminate()).isTrue();
        assertThat(last.snapshotDirOrNull()).isNull();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (Files.exists(firstDir) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(firstDir).as("deleted in the background once snapshot 2 was complete").doesNotExist();
    }

    @Test
    void snapshotsWithoutADirectoryAreRefusedNamingBothSettings() {
        Configuration settings = new Configuration().set(IterationOptions.SNAPSHOT_INTERVAL, 5);
        assertThatThrownBy(() -> IterationSnapshots.create(io.eddy.jobgraph.JobId.generate(), settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iteration.snapshots.dir").hasMessageContaining("state.checkpoints.dir");
        assertThat(IterationSnapshots.create(io.eddy.jobgraph.JobId.generate(), new Configuration())).as("off by default").isNull();
    }

    private IterationSnapshots snapshots(Path dir, int interval) {
        return IterationSnapshots.create(io.eddy.jobgraph.JobId.generate(), new Configuration()
                .set(IterationOptions.SNAPSHOT_INTERVAL, interval).set(IterationOptions.SNAPSHOT_DIR, dir.toUri().toString()));
    }

    private SuperstepCoordinator coordinator(IterationSpec spec, IterationSnapshots snapshots) {
        graph = RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, FORWARD, PIPELINED).feedback(2, 1, PIPELINED)
                .iteration(spec, 1, 2).build();
        VertexGroup loop = graph.groupOf(new JobVertexId(1), VertexGroup.Kind.ITERATION).orElseThrow();
        return new SuperstepCoordinator(graph, loop, getClass().getClassLoader(), clock, (head, decision) -> {
            sentTo.add(head);
            sent.add(decision);
        }, snapshots);
    }

    private static IterationSpec spec(IterationSpec.Kind kind, int max, AggregatorRegistry registry, boolean terminationCriterion) {
        return new IterationSpec(LOOP, kind, new JobVertexId(1), max, InstantiationUtil.serialize(registry, "registry"), terminationCriterion);
    }

    /** V0 -HASH/BLOCKING-> V1 (head) -FORWARD-> V2 (tail), feedback V2 -> V1; V1 and V2 are the loop. */
    private SuperstepCoordinator coordinator(IterationSpec spec) {
        return coordinator(spec, null);
    }

    private TaskId task(int vertex, int subtask, int attempt) {
        return new TaskId(graph.jobId(), vertex, subtask, attempt);
    }

    /** Every task of the loop reports {@code superstep} with {@code values}; returns the decision. */
    private SuperstepDecision reportAll(SuperstepCoordinator c, int superstep, int attempt, Map<String, Serializable> values) {
        SuperstepDecision decision = null;
        for (int v = 1; v <= 2; v++) {
            for (int s = 0; s < 2; s++) {
                assertThat(decision).as("a decision before the last report").isNull();
                decision = c.onSuperstepDone(task(v, s, attempt), superstep, bytes(values));
            }
        }
        assertThat(decision).isNotNull();
        return decision;
    }

    private static byte[] bytes(Map<String, ? extends Serializable> values) {
        return InstantiationUtil.serialize(new HashMap<>(values), "aggregates");
    }

    private Map<String, Serializable> combined(SuperstepDecision d) {
        return InstantiationUtil.deserialize(d.aggregatesBytes(), getClass().getClassLoader(), "combined");
    }

    /** A user aggregator: the maximum of the longs added; 0 when nothing was added. */
    static final class MaxAggregator implements Aggregator<Long> {
        private static final long serialVersionUID = 1L;
        private long max;
        private boolean any;

        @Override
        public Long getAggregate() {
            return any ? max : 0L;
        }

        @Override
        public void aggregate(Long element) {
            max = any ? Math.max(max, element) : element;
            any = true;
        }

        @Override
        public void reset() {
            any = false;
        }
    }

    private static final class ManualClock extends Clock {
        long millis;

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
