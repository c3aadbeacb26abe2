package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.RegisteredKeyedState;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyedOperatorsTest {

    /** Words keyed by their first letter. */
    static final KeySelector<String, String> FIRST_LETTER = s -> s.substring(0, 1);

    static OperatorDescriptor keyedProcess(KeyedProcessFunction<String, String, String> fn) {
        return OperatorDescriptor.builder(OperatorKinds.KEYED_PROCESS).userFunction(fn).keySelector(FIRST_LETTER).keyType(Types.STRING)
                .inputType(Types.STRING).outputType(Types.STRING).build();
    }

    @Test
    void keyedReduceEmitsTheRunningResultPerKey() {
        ReduceFunction<Tuple2<String, Integer>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        KeySelector<Tuple2<String, Integer>, String> byWord = t -> t.f0;
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.KEYED_REDUCE).userFunction(sum).keySelector(byWord).keyType(Types.STRING)
                .inputType(Types.TUPLE(Types.STRING, Types.INT)).outputType(Types.TUPLE(Types.STRING, Types.INT)).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(Tuple2.of("a", 1)).process(Tuple2.of("b", 10)).process(Tuple2.of("a", 2)).process(Tuple2.of("a", 3))
                    .process(Tuple2.of("b", 5));
            assertThat(h.<Tuple2<String, Integer>>output()).containsExactly(Tuple2.of("a", 1), Tuple2.of("b", 10), Tuple2.of("a", 3),
                    Tuple2.of("a", 6), Tuple2.of("b", 15));
            assertThat(h.keyedState(0).registeredStates()).extracting(RegisteredKeyedState::numberOfKeys).containsExactly(2);
        }
    }

    @Test
    void keyedProcessStateIsScopedToTheRecordsKey() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new AllStates())).build().open()) {
            h.process("apple").process("avocado").process("banana").process("apricot").process("blueberry").process("cherry");
            assertThat(h.<String>output()).containsExactly(
                    "a count=1 words=[apple] lengths={5=apple}",
                    "a count=2 words=[apple, avocado] lengths={5=apple, 7=avocado}",
                    "b count=1 words=[banana] lengths={6=banana}",
                    "a count=3 words=[apple, avocado, apricot] lengths={5=apple, 7=apricot}",
                    "b count=2 words=[banana, blueberry] lengths={6=banana, 9=blueberry}",
                    "c count=1 words=[cherry] lengths={6=cherry}");
        }
    }

    @Test
    void stateOfAKeyIsOnlyInTheKeyGroupOfTheKey() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new AllStates())).build().open()) {
            h.process("apple").process("banana");
            HeapKeyedStateBackend backend = h.keyedState(0);
            int groupOfA = KeyGroups.keyGroupFor("a", KeyGroups.DEFAULT_MAX_PARALLELISM);
            assertThat(backend.stateEntriesOfKeyGroup("count", groupOfA)).containsOnlyKeys("a");
            assertThat(backend.registeredStates()).extracting(RegisteredKeyedState::name).containsExactly("count", "words", "lengths");
        }
    }

    @Test
    void clearingStateRemovesOnlyTheCurrentKeysValue() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new AllStates())).build().open()) {
            h.process("apple").process("banana").process("a-clear").process("avocado").process("berry");
            assertThat(h.<String>output()).endsWith("a count=1 words=[avocado] lengths={7=avocado}",
                    "b count=2 words=[banana, berry] lengths={5=berry, 6=banana}");
        }
    }

    @Test
    void recordOfAKeyGroupThatTheSubtaskDoesNotOwnFailsWithADiagnosis() {
        // subtask 0 of 2 owns key groups 0..63 of 128; find a key owned by subtask 1
        String foreign = null;
        for (char c = 'a'; c <= 'z' && foreign == null; c++) {
            if (KeyGroups.subtaskForKey(String.valueOf(c), 128, 2) == 1) {
                foreign = c + "x";
            }
        }
        String word = foreign;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new AllStates())).name("Counter").subtask(0, 2, 128)
                .build().open()) {
            assertThatThrownBy(() -> h.process(word))
                    .isInstanceOf(OperatorFailureException.class)
                    .hasMessageContaining("Operator 'Counter (1/2)' failed while processing a record")
                    .hasMessageContaining("does not hold");
        }
    }

    @Test
    void getCurrentKeyReturnsTheRecordsKey() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new EmitKey())).build().open()) {
            h.process("kiwi", 5L).process("lime");
            assertThat(h.<String>output()).containsExactly("k:kiwi@5", "l:lime@null");
        }
    }

    /**
     * A record that came over a local object channel carries the key group its producer computed
     * for an Integer key (not the key: the operator extracts the int again). The operator takes
     * that group as it is, without hashing the int again, and checks it against its range.
     */
    @Test
    void anIntegerKeysGroupHandedOnByTheProducerIsUsedAndChecked() {
        KeySelector<Integer, Integer> identity = i -> i;
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.KEYED_PROCESS).userFunction(new CountPerKey()).keySelector(identity)
                .keyType(Types.INT).inputType(Types.INT).outputType(Types.STRING).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).name("Counter").subtask(0, 2, 128).build().open()) {
            int key = 0;
            while (KeyGroups.subtaskForKey(key, 128, 2) != 0) {
                key++;
            }
            int ownGroup = KeyGroups.keyGroupFor(key, 128);
            int otherHeldGroup = ownGroup == 0 ? 1 : 0;
            h.process(0, handedOn(key, ownGroup)).process(0, handedOn(key, -1)).process(0, handedOn(key, otherHeldGroup));
            assertThat(h.<String>output()).as("a handed-on group and a computed one find the same state")
                    .containsExactly(key + "=1", key + "=2", key + "=1");
            assertThat(h.keyedState(0).stateEntriesOfKeyGroup("count", ownGroup)).containsOnlyKeys(key);
            assertThat(h.keyedState(0).stateEntriesOfKeyGroup("count", otherHeldGroup))
                    .as("the operator trusted the producer's group instead of hashing the int").containsOnlyKeys(key);

            int keyOfTheOtherSubtask = key;
            assertThatThrownBy(() -> h.process(0, handedOn(keyOfTheOtherSubtask, 100))).isInstanceOf(OperatorFailureException.class)
                    .hasMessageContaining("Operator 'Counter (1/2)' failed while processing a record")
                    .hasMessageContaining("belongs to key group 100, which this subtask does not hold");
        }
    }

    private static io.eddy.runtime.streamrecord.StreamRecord<Integer> handedOn(int key, int keyGroup) {
        io.eddy.runtime.streamrecord.StreamRecord<Integer> record = new io.eddy.runtime.streamrecord.StreamRecord<>(key);
        record.setPartitionKey(null, keyGroup);
        return record;
    }

    /** Uses value, list and map state; "x-clear" clears the state of key x. */
    static final class AllStates extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Integer> count;
        private transient ListState<String> words;
        private transient MapState<Integer, String> lengths;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.INT));
            words = getRuntimeContext().getListState(new ListStateDescriptor<>("words", Types.STRING));
            lengths = getRuntimeContext().getMapState(new MapStateDescriptor<>("lengths", Types.INT, Types.STRING));
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            if (value.endsWith("-clear")) {
                count.clear();
                words.clear();
                lengths.clear();
                return;
            }
            Integer previous = count.value();
            count.update(previous == null ? 1 : previous + 1);
            words.add(value);
            lengths.put(value.length(), value);
            List<String> list = new ArrayList<>();
            words.get().forEach(list::add);
            java.util.TreeMap<Integer, String> sorted = new java.util.TreeMap<>();
            lengths.entries().forEach(e -> sorted.put(e.getKey(), e.getValue()));
            out.collect(ctx.getCurrentKey() + " count=" + count.value() + " words=" + list + " lengths=" + sorted);
        }
    }

    /** Emits "key=n" for the n-th record of each Integer key. */
    static final class CountPerKey extends KeyedProcessFunction<Integer, Integer, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Integer> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.INT));
        }

        @Override
        public void processElement(Integer value, Context ctx, Collector<String> out) throws Exception {
            Integer previous = count.value();
            count.update(previous == null ? 1 : previous + 1);
            out.collect(ctx.getCurrentKey() + "=" + count.value());
        }
    }

    static final class EmitKey extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + ":" + value + "@" + ctx.timestamp());
        }
    }
}
