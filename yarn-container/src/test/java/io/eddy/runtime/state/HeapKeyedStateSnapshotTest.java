package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.state.AggregatingState;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.PrimitiveArrayTypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.base.LongSerializer;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Snapshots of {@link HeapKeyedStateBackend}: round trips of every state kind, copy-on-write, overlapping snapshots, compatibility. */
class HeapKeyedStateSnapshotTest {

    static final int MAX_PARALLELISM = 16;
    static final ClassLoader CL = HeapKeyedStateSnapshotTest.class.getClassLoader();

    static HeapKeyedStateBackend backend() {
        return new HeapKeyedStateBackend("Op (1/1)", Types.STRING, new SerializerConfig(), MAX_PARALLELISM, 0, MAX_PARALLELISM - 1);
    }

    static ValueStateDescriptor<Integer> count() {
        return new ValueStateDescriptor<>("count", Types.INT);
    }

    static ListStateDescriptor<String> words() {
        return new ListStateDescriptor<>("words", Types.STRING);
    }

    static MapStateDescriptor<String, Integer> lengths() {
        return new MapStateDescriptor<>("lengths", Types.STRING, Types.INT);
    }

    static ReducingStateDescriptor<Long> sum() {
        return new ReducingStateDescriptor<>("sum", (a, b) -> a + b, Types.LONG);
    }

    /** Sum and count in a mutable long[2], changed in place (as aggregate functions may). */
    static final class Average implements AggregateFunction<Long, long[], Double> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Long value, long[] acc) {
            acc[0] += value;
            acc[1]++;
            return acc;
        }

        @Override
        public Double getResult(long[] acc) {
            return (double) acc[0] / acc[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        }
    }

    static AggregatingStateDescriptor<Long, long[], Double> average() {
        return new AggregatingStateDescriptor<>("avg", new Average(), PrimitiveArrayTypeInfo.LONG_ARRAY);
    }

    static KeyGroupsStateHandle write(KeyedStateSnapshot snapshot) throws IOException {
        try {
            return snapshot.writeTo(new MemoryStreams(), "op");
        } finally {
            snapshot.release();
        }
    }

    static HeapKeyedStateBackend restored(KeyGroupsStateHandle... handles) throws IOException {
        HeapKeyedStateBackend backend = backend();
        backend.restore(List.of(handles), CL);
        return backend;
    }

    @Test
    void everyStateKindSurvivesASnapshotAndRestore() throws Exception {
        HeapKeyedStateBackend b = backend();
        fill(b, "a", 1);
        fill(b, "b", 2);
        HeapKeyedStateBackend r = restored(write(b.snapshot()));
        assertFilled(r, "a", 1);
        assertFilled(r, "b", 2);
        r.setCurrentKey("c");
        assertThat(r.getState(count()).value()).isNull();
    }

    static void fill(HeapKeyedStateBackend b, String key, int n) throws Exception {
        b.setCurrentKey(key);
        b.getState(count()).update(n);
        ListState<String> words = b.getListState(words());
        MapState<String, Integer> lengths = b.getMapState(lengths());
        ReducingState<Long> sum = b.getReducingState(sum());
        AggregatingState<Long, Double> avg = b.getAggregatingState(average());
        ValueState<String> windowed = b.getPartitionedState(7L, LongSerializer.INSTANCE, new ValueStateDescriptor<>("windowed", Types.STRING));
        for (int i = 0; i < n; i++) {
            words.add(key + i);
            lengths.put(key + i, i);
            sum.add((long) i + 10);
            avg.add((long) i);
        }
        windowed.update(key + "@7");
    }

    static void assertFilled(HeapKeyedStateBackend b, String key, int n) throws Exception {
        b.setCurrentKey(key);
        assertThat(b.getState(count()).value()).isEqualTo(n);
        assertThat(b.getListState(words()).get()).hasSize(n).first().isEqualTo(key + 0);
        assertThat(b.getMapState(lengths()).get(key + (n - 1))).isEqualTo(n - 1);
        long expectedSum = 0;
        for (int i = 0; i < n; i++) {
            expectedSum += i + 10;
        }
        assertThat(b.getReducingState(sum()).get()).isEqualTo(expectedSum);
        assertThat(b.getAggregatingState(average()).get()).isEqualTo((n - 1) / 2.0);
        InternalKvState<Long> windowed = b.getPartitionedState(7L, LongSerializer.INSTANCE, new ValueStateDescriptor<>("windowed", Types.STRING));
        assertThat(((ValueState<?>) windowed).value()).isEqualTo(key + "@7");
        windowed.setCurrentNamespace(8L);
        assertThat(((ValueState<?>) windowed).value()).isNull();
    }

    @Test
    void theSnapshotHoldsTheValuesOfItsTimeWhileTheLiveStateChanges() throws Exception {
        HeapKeyedStateBackend b = backend();
        ValueState<long[]> array = b.getState(new ValueStateDescriptor<>("array", PrimitiveArrayTypeInfo.LONG_ARRAY));
        for (String key : List.of("a", "b", "c")) {
            fill(b, key, 3);
            array.update(new long[] {1, 2});
        }
        KeyedStateSnapshot snapshot = b.snapshot();

        b.setCurrentKey("a");
        b.getState(count()).update(100);                 // changed
        b.getListState(words()).add("extra");            // list changed in place
        b.getMapState(lengths()).put("new", 9);          // map changed in place
        b.getAggregatingState(average()).add(100L);      // accumulator changed in place
        array.value()[0] = 42;                           // user changes the object it read
        b.setCurrentKey("b");
        b.getState(count()).clear();                     // removed
        b.getListState(words()).clear();
        b.setCurrentKey("d");
        b.getState(count()).update(4);                   // added

        HeapKeyedStateBackend old = restored(write(snapshot));
        assertFilled(old, "a", 3);
        assertFilled(old, "b", 3);
        assertFilled(old, "c", 3);
        old.setCurrentKey("a");
        assertThat(old.getState(new ValueStateDescriptor<>("array", PrimitiveArrayTypeInfo.LONG_ARRAY)).value())
                .containsExactly(1, 2);
        old.setCurrentKey("d");
        assertThat(old.getState(count()).value()).isNull();

        b.setCurrentKey("a");
        assertThat(b.getState(count()).value()).isEqualTo(100);
        assertThat(b.getListState(words()).get()).containsExactly("a0", "a1", "a2", "extra");
        assertThat(b.getMapState(lengths()).get("new")).isEqualTo(9);
        assertThat(b.getAggregatingState(average()).get()).isEqualTo(103 / 4.0);
        assertThat(array.value()).containsExactly(42, 2);
        b.setCurrentKey("b");
        assertThat(b.getState(count()).value()).isNull();
        assertThat(b.runningSnapshots()).isZero();
    }

    @Test
    void overlappingSnapshotsEachKeepTheirOwnValues() throws Exception {
        HeapKeyedStateBackend b = backend();
        ListState<String> words = b.getListState(words());
        b.setCurrentKey("k");
        words.add("1");
        KeyedStateSnapshot first = b.snapshot();
        words.add("2");
        KeyedStateSnapshot second = b.snapshot();
        words.add("3");
        assertThat(b.runningSnapshots()).isEqualTo(2);

        KeyGroupsStateHandle secondHandle = write(second);   // the later one finishes first
        words.add("4");
        KeyGroupsStateHandle firstHandle = write(first);

        HeapKeyedStateBackend r1 = restored(firstHandle);
        r1.setCurrentKey("k");
        assertThat(r1.getListState(words()).get()).containsExactly("1");
        HeapKeyedStateBackend r2 = restored(secondHandle);
        r2.setCurrentKey("k");
        assertThat(r2.getListState(words()).get()).containsExactly("1", "2");
        assertThat(words.get()).containsExactly("1", "2", "3", "4");
        assertThat(b.runningSnapshots()).isZero();
    }

    @Test
    void manyKeysAcrossResizesMatchAfterCopyOnWrite() throws Exception {
        HeapKeyedStateBackend b = backend();
        ValueState<Integer> value = b.getState(count());
        for (int i = 0; i < 2_000; i++) {
            b.setCurrentKey("k" + i);
            value.update(i);
        }
        KeyedStateSnapshot snapshot = b.snapshot();
        for (int i = 0; i < 4_000; i++) {          // overwrite, remove and grow (resizes) while the snapshot is held
            b.setCurrentKey("k" + i);
            if (i % 3 == 0) {
                value.clear();
            } else {
                value.update(-i);
            }
        }
        HeapKeyedStateBackend r = restored(write(snapshot));
        ValueState<Integer> restoredValue = r.getState(count());
        for (int i = 0; i < 4_000; i++) {
            r.setCurrentKey("k" + i);
            assertThat(restoredValue.value()).isEqualTo(i < 2_000 ? Integer.valueOf(i) : null);
        }
        assertThat(r.registeredStates()).extracting(RegisteredKeyedState::numberOfKeys).containsExactly(2_000);
    }

    @Test
    void aRestoreWithAnIncompatibleSerializerFailsNamingTheState() throws Exception {
        HeapKeyedStateBackend b = backend();
        b.setCurrentKey("a");
        b.getState(count()).update(1);
        HeapKeyedStateBackend r = restored(write(b.snapshot()));
        ValueStateDescriptor<String> changed = new ValueStateDescriptor<>("count", Types.STRING);
        assertThatThrownBy(() -> r.getState(changed)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("State 'count'").hasMessageContaining("Op (1/1)").hasMessageContaining("new name");
    }

    @Test
    void aRestoreWithAnIncompatibleKeySerializerFails() throws Exception {
        HeapKeyedStateBackend b = backend();
        b.setCurrentKey("a");
        b.getState(count()).update(1);
        KeyGroupsStateHandle handle = write(b.snapshot());
        HeapKeyedStateBackend intKeys = new HeapKeyedStateBackend("Op (1/1)", Types.INT, new SerializerConfig(), MAX_PARALLELISM, 0,
                MAX_PARALLELISM - 1);
        assertThatThrownBy(() -> intKeys.restore(List.of(handle), CL)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("key serializer");
    }

    @Test
    void restoredStateNotRegisteredAgainIsKeptInTheNextSnapshot() throws Exception {
        HeapKeyedStateBackend b = backend();
        fill(b, "a", 2);
        HeapKeyedStateBackend r = restored(write(b.snapshot()));
        r.setCurrentKey("x");
        r.getState(count()).update(5);   // only "count" is registered again
        HeapKeyedStateBackend again = restored(write(r.snapshot()));
        assertFilled(again, "a", 2);
        again.setCurrentKey("x");
        assertThat(again.getState(count()).value()).isEqualTo(5);
    }

    @Test
    void anEmptyBackendHasNoSnapshot() {
        assertThat(backend().snapshot()).isNull();
    }

    @Test
    void snapshotParticipantSectionsAreKeptUntilTheParticipantRegisters() throws Exception {
        HeapKeyedStateBackend b = backend();
        RecordingParticipant timers = new RecordingParticipant("_timers/t");
        timers.perKeyGroup.put(3, "three");
        timers.perKeyGroup.put(9, "nine");
        b.registerSnapshotParticipant(timers);
        HeapKeyedStateBackend r = restored(write(b.snapshot()));
        RecordingParticipant restoredTimers = new RecordingParticipant("_timers/t");
        r.registerSnapshotParticipant(restoredTimers);
        assertThat(restoredTimers.perKeyGroup).isEqualTo(Map.of(3, "three", 9, "nine"));
        assertThatThrownBy(() -> r.registerSnapshotParticipant(new RecordingParticipant("_timers/t")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("_timers/t");
    }

    @Test
    void unclaimedParticipantSectionsAreWrittenIntoTheNextSnapshot() throws Exception {
        HeapKeyedStateBackend b = backend();
        RecordingParticipant timers = new RecordingParticipant("_timers/t");
        timers.perKeyGroup.put(5, "five");
        b.registerSnapshotParticipant(timers);
        HeapKeyedStateBackend r = restored(write(b.snapshot()));
        HeapKeyedStateBackend again = restored(write(r.snapshot()));
        RecordingParticipant late = new RecordingParticipant("_timers/t");
        again.registerSnapshotParticipant(late);
        assertThat(late.perKeyGroup).isEqualTo(Map.of(5, "five"));
    }

    /** A participant with one string per key group (empty key groups write nothing). */
    static final class RecordingParticipant implements KeyGroupedSnapshotable {
        final String name;
        final Map<Integer, String> perKeyGroup = new java.util.TreeMap<>();

        RecordingParticipant(String name) {
            this.name = name;
        }

        @Override
        public String snapshotName() {
            return name;
        }

        @Override
        public KeyGroupWriter snapshot() {
            Map<Integer, String> copy = Map.copyOf(perKeyGroup);
            return (keyGroup, out) -> {
                String value = copy.get(keyGroup);
                if (value != null) {
                    out.writeUTF(value);
                }
            };
        }

        @Override
        public void restoreKeyGroup(int keyGroup, io.eddy.core.memory.DataInputView in) throws IOException {
            perKeyGroup.put(keyGroup, in.readUTF());
        }
    }
}
