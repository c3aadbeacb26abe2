package io.eddy.runtime.operators.batch.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.io.GenericInputSplit;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.InputSplitAssigner;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.InputSplitProvider;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** The life cycle of {@code batchSource} and {@code batchSink} over recording formats, in the operator harness. */
class BatchIoOperatorsTest {

    /** Life-cycle calls of the recording formats, by key (formats are copied through serialization). */
    static final Map<String, Queue<String>> CALLS = new ConcurrentHashMap<>();

    @Test
    void aSourceReadsEverySplitTheProviderHandsOutInTheFormatsLifeCycle() throws Exception {
        Deque<InputSplit> splits = new ArrayDeque<>(List.of(new GenericInputSplit(0, 2), new GenericInputSplit(1, 2)));
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(source(new RangeFormat("src", 3, -1))).name("Source")
                .inputSplitProvider(splits::poll).subtask(1, 2, 128).build()) {
            harness.open().runSource().finish();
            assertThat(harness.<Long>output()).containsExactly(0L, 1L, 2L, 10L, 11L, 12L);
        }
        assertThat(CALLS.get("src")).containsExactly("configure", "context Source (2/2)", "openInputFormat", "open 0", "close",
                "open 1", "close", "closeInputFormat");
    }

    @Test
    void aFailingSplitIsClosedAndTheFormatClosedAfterTheFailure() {
        Deque<InputSplit> splits = new ArrayDeque<>(List.of(new GenericInputSplit(0, 1)));
        OperatorTestHarness harness = OperatorTestHarness.forOperator(source(new RangeFormat("failing", 3, 1))).name("Source")
                .inputSplitProvider(splits::poll).build();
        harness.open();

        assertThatThrownBy(harness::runSource).isInstanceOf(OperatorFailureException.class)
                .hasMessageContaining("Operator 'Source (1/1)' failed while running its source function: bad record 1 of split 0");
        harness.closeAfterFailure(new IllegalStateException("the task failed"));

        assertThat(CALLS.get("failing")).containsExactly("configure", "context Source (1/1)", "openInputFormat", "open 0", "close",
                "closeInputFormat");
    }

    @Test
    void aCancelledSourceStopsBeforeItsNextRecord() throws Exception {
        InputSplitProvider endless = () -> new GenericInputSplit(0, 1);
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(source(new RangeFormat("cancelled", 1_000, -1)))
                .inputSplitProvider(endless).build()) {
            harness.open();
            harness.mailbox().add(() -> ((BatchSourceOperator<?>) harness.operator(0)).cancel());
            harness.runSource();
            assertThat(harness.<Long>output()).hasSizeLessThan(2);
        }
    }

    @Test
    void aSinkWritesOpensWithItsSubtaskAndClosesAtFinish() throws Exception {
        try (OperatorTestHarness harness = OperatorTestHarness.forOperator(sink(new RecordingOutput("sink"))).name("Sink")
                .subtask(0, 3, 128).build()) {
            harness.open().process("a").process("b").finish();
        }
        assertThat(CALLS.get("sink")).containsExactly("configure", "context Sink (1/3)", "open 0/3", "write a", "write b", "close");
    }

    @Test
    void aSinkThatDidNotFinishAbortsItsOutput() {
        OperatorTestHarness harness = OperatorTestHarness.forOperator(sink(new RecordingOutput("aborted"))).name("Sink").build();
        harness.open().process("a");
        harness.closeAfterFailure(new IllegalStateException("upstream failed"));

        assertThat(CALLS.get("aborted")).containsExactly("configure", "context Sink (1/1)", "open 0/1", "write a", "abort");
    }

    @Test
    void aSourceKindWithoutAFormatCannotBeBuilt() {
        assertThatThrownBy(() -> new BatchKinds.BatchSource(null)).isInstanceOf(NullPointerException.class).hasMessage("format");
    }

    private static OperatorDescriptor source(InputFormat<Long, ?> format) {
        return OperatorDescriptor.builder(new BatchKinds.BatchSource(format)).outputType(Types.LONG).build();
    }

    private static OperatorDescriptor sink(OutputFormat<String> format) {
        return OperatorDescriptor.builder(new BatchKinds.BatchSink(format)).inputType(Types.STRING).build();
    }

    private static void record(String key, String call) {
        CALLS.computeIfAbsent(key, k -> new ConcurrentLinkedQueue<>()).add(call);
    }

    /** Split i yields 10*i .. 10*i + n - 1; record {@code failAt} of a split fails. */
    static final class RangeFormat implements InputFormat<Long, InputSplit> {
        private static final long serialVersionUID = 1L;
        private final String key;
        private final int n;
        private final int failAt;
        private transient long next;
        private transient int emitted;
        private transient int split;

        RangeFormat(String key, int n, int failAt) {
            this.key = key;
            this.n = n;
            this.failAt = failAt;
        }

        @Override
        public void configure(Configuration parameters) {
            record(key, "configure");
        }

        @Override
        public void setRuntimeContext(RuntimeContext context) {
            record(key, "context " + context.getOperatorName() + " (" + (context.getIndexOfThisSubtask() + 1) + "/"
                    + context.getNumberOfParallelSubtasks() + ")");
        }

        @Override
        public void openInputFormat() {
            record(key, "openInputFormat");
        }

        @Override
        public InputSplit[] createInputSplits(int minNumSplits) {
            throw new UnsupportedOperationException("master only");
        }

        @Override
        public InputSplitAssigner getInputSplitAssigner(InputSplit[] splits) {
            throw new UnsupportedOperationException("master only");
        }

        @Override
        public void open(InputSplit s) {
            split = s.getSplitNumber();
            next = 10L * split;
            emitted = 0;
            record(key, "open " + split);
        }

        @Override
        public boolean reachedEnd() {
            return emitted >= n;
        }

        @Override
        public Long nextRecord(Long reuse) throws IOException {
            if (emitted == failAt) {
                throw new IOException("bad record " + emitted + " of split " + split);
            }
            emitted++;
            return next++;
        }

        @Override
        public void close() {
            record(key, "close");
        }

        @Override
        public void closeInputFormat() {
            record(key, "closeInputFormat");
        }
    }

    /** Records its calls. */
    static final class RecordingOutput implements OutputFormat<String> {
        private static final long serialVersionUID = 1L;
        private final String key;

        RecordingOutput(String key) {
            this.key = key;
        }

        @Override
        public void configure(Configuration parameters) {
            record(key, "configure");
        }

        @Override
        public void setRuntimeContext(RuntimeContext context) {
            record(key, "context " + context.getOperatorName() + " (" + (context.getIndexOfThisSubtask() + 1) + "/"
                    + context.getNumberOfParallelSubtasks() + ")");
        }

        @Override
        public void open(int subtask, int parallelism) {
            record(key, "open " + subtask + "/" + parallelism);
        }

        @Override
        public void writeRecord(String record) {
            record(key, "write " + record);
        }

        @Override
        public void close() {
            record(key, "close");
        }

        @Override
        public void abort() {
            record(key, "abort");
        }
    }
}
