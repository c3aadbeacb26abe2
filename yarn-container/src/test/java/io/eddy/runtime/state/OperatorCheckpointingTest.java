package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.StreamOperator;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.ProcessFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checkpoint hooks of {@code AbstractStreamOperator}: user function state through snapshot and restore. */
class OperatorCheckpointingTest {

    private static final CheckpointOptions OPTIONS = new CheckpointOptions(CheckpointType.CHECKPOINT, null);
    private static final KeySelector<String, String> FIRST_LETTER = s -> s.substring(0, 1);

    /** Counts records in a field, kept with {@link Checkpointed}; records the checkpoints it was told about. */
    static final class CountingFunction extends ProcessFunction<Integer, Integer> implements Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        long count;
        final List<Long> restoredStates = new ArrayList<>();
        final List<String> notifications = new ArrayList<>();

        @Override
        public void processElement(Integer value, Context ctx, Collector<Integer> out) {
            count++;
            out.collect((int) count);
        }

        @Override
        public Long snapshotState(long checkpointId, long timestamp) {
            return count;
        }

        @Override
        public void restoreState(Long state) {
            restoredStates.add(state);
            count += state;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            notifications.add("complete " + checkpointId);
        }

        @Override
        public void notifyCheckpointAborted(long checkpointId) {
            notifications.add("aborted " + checkpointId);
        }
    }

    /** Keeps the words it saw in operator list state and a count per first letter in keyed state. */
    static final class WordsFunction extends KeyedProcessFunction<String, String, String> implements CheckpointedFunction {
        private static final long serialVersionUID = 1L;
        transient ListState<String> words;
        transient ValueState<Integer> perKey;
        transient List<String> buffer;
        boolean restored;

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            restored = context.isRestored();
            words = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("words", Types.STRING));
            perKey = context.getKeyedStateStore().getState(new ValueStateDescriptor<>("perKey", Types.INT));
            buffer = new ArrayList<>();
            words.get().forEach(buffer::add);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            words.update(buffer);
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            buffer.add(value);
            Integer n = perKey.value();
            perKey.update(n == null ? 1 : n + 1);
            out.collect(ctx.getCurrentKey() + "=" + perKey.value() + " words=" + buffer.size());
        }
    }

    private static OperatorDescriptor process(Object function) {
        return OperatorDescriptor.builder(OperatorKinds.PROCESS).userFunction((io.eddy.api.common.functions.Function) function)
                .inputType(Types.INT).outputType(Types.INT).build();
    }

    private static OperatorDescriptor keyedProcess(WordsFunction function) {
        return OperatorDescriptor.builder(OperatorKinds.KEYED_PROCESS).userFunction(function).keySelector(FIRST_LETTER).keyType(Types.STRING)
                .inputType(Types.STRING).outputType(Types.STRING).build();
    }

    /** The restore of a single-operator harness named "Op". */
    private static TaskRestore restore(OperatorSubtaskState state) {
        return new TaskRestore(1, new TaskStateSnapshot(Map.of("Op-uid", state)));
    }

    private static OperatorSubtaskState snapshot(StreamOperator<?> operator, long id, MemoryStreams streams) throws Exception {
        OperatorSnapshot snapshot = operator.snapshotState(id, 1000 + id, OPTIONS, streams);
        return snapshot.asyncPart().call();
    }

    @Test
    void checkpointedStateIsRestoredBeforeOpen() throws Exception {
        OperatorSubtaskState state;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(process(new CountingFunction())).build().open()) {
            h.process(1).process(2).process(3);
            state = snapshot(h.operator(0), 1, new MemoryStreams());
            h.process(4);
            h.operator(0).notifyCheckpointComplete(1);
            h.operator(0).notifyCheckpointAborted(2);
            assertThat(h.<CountingFunction>userFunction(0).notifications).containsExactly("complete 1", "aborted 2");
        }
        assertThat(state.managedKeyedState()).isEmpty();
        assertThat(state.managedOperatorState()).hasSize(1);
        assertThat(state.managedOperatorState().get(0).states()).containsOnlyKeys(StreamOperatorStateHandler.CHECKPOINTED_STATE_NAME);

        try (OperatorTestHarness h = OperatorTestHarness.forOperator(process(new CountingFunction())).build()) {
            h.initializeState(restore(state)).open();
            assertThat(h.<CountingFunction>userFunction(0).restoredStates).containsExactly(3L);
            h.process(5);
            assertThat(h.<Integer>output()).containsExactly(4);
        }
    }

    @Test
    void checkpointedFunctionKeepsOperatorAndKeyedState() throws Exception {
        OperatorSubtaskState state;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new WordsFunction())).build().open()) {
            assertThat(h.<WordsFunction>userFunction(0).restored).isFalse();
            h.process("apple").process("avocado").process("banana");
            state = snapshot(h.operator(0), 1, new MemoryStreams());
            h.process("apricot");
        }
        assertThat(state.managedKeyedState()).hasSize(1);
        assertThat(state.managedOperatorState()).hasSize(1);
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new WordsFunction())).build()) {
            h.initializeState(restore(state)).open();
            assertThat(h.<WordsFunction>userFunction(0).restored).isTrue();
            h.process("almond").process("cherry");
            assertThat(h.<String>output()).containsExactly("a=3 words=4", "c=1 words=5");
        }
    }

    @Test
    void anOperatorWithoutStateHasAnEmptySnapshotAndCreatesNoStream() throws Exception {
        MemoryStreams streams = new MemoryStreams();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(process(new NoState())).build().open()) {
            h.process(1);
            assertThat(h.operator(0).snapshotState(1, 1, OPTIONS, streams)).isSameAs(OperatorSnapshot.EMPTY);
        }
        assertThat(streams.streamsCreated()).isZero();
    }

    static final class NoState extends ProcessFunction<Integer, Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Integer value, Context ctx, Collector<Integer> out) {
            out.collect(value);
        }
    }

    /** Its state type is a type variable: it cannot be extracted. */
    static class GenericCheckpointed<T> extends ProcessFunction<Integer, Integer> implements Checkpointed<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Integer value, Context ctx, Collector<Integer> out) {
            out.collect(value);
        }

        @Override
        public T snapshotState(long checkpointId, long timestamp) {
            return null;
        }

        @Override
        public void restoreState(T state) {}
    }

    @Test
    void aCheckpointedTypeThatCannotBeExtractedFailsNamingFunctionAndOperator() {
        OperatorTestHarness h = OperatorTestHarness.forOperator(process(new GenericCheckpointed<String>())).name("Counter").build();
        assertThatThrownBy(h::open).isInstanceOf(OperatorFailureException.class)
                .hasStackTraceContaining("GenericCheckpointed").hasStackTraceContaining("Counter").hasStackTraceContaining("stateType()");
        h.close();
    }
}
