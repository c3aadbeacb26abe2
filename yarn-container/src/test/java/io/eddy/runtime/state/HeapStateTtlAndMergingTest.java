package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.StateTtlConfig;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Time to live of keyed state, and merging of namespaces (session windows). */
class HeapStateTtlAndMergingTest {

    private static final TypeSerializer<String> STRINGS = Types.STRING.createSerializer(new SerializerConfig());

    private final AtomicLong now = new AtomicLong(1_000);
    private final HeapKeyedStateBackend backend = HeapKeyedStateSnapshotTest.backend();

    {
        backend.setTtlTimeProvider(now::get);
    }

    private static <T extends io.eddy.api.common.state.StateDescriptor<?>> T withTtl(T descriptor, StateTtlConfig.UpdateType update) {
        descriptor.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofMillis(100)).setUpdateType(update).build());
        return descriptor;
    }

    @Test
    void aValueExpiresAfterItsTimeToLiveSinceTheLastWrite() throws Exception {
        ValueState<Integer> v = backend.getState(withTtl(new ValueStateDescriptor<>("v", Types.INT), StateTtlConfig.UpdateType.ON_CREATE_AND_WRITE));
        backend.setCurrentKey("a");
        v.update(1);
        now.addAndGet(60);
        assertThat(v.value()).isEqualTo(1);
        now.addAndGet(60);                      // 120 ms after the write; the read at 60 did not refresh it
        assertThat(v.value()).isNull();
        assertThat(backend.registeredStates()).extracting(RegisteredKeyedState::numberOfKeys).containsExactly(0);  // dropped on access
        v.update(2);
        now.addAndGet(99);
        assertThat(v.value()).isEqualTo(2);
    }

    @Test
    void updateOnReadKeepsAValueThatIsReadAlive() throws Exception {
        MapState<String, Integer> m = backend.getMapState(
                withTtl(new MapStateDescriptor<>("m", Types.STRING, Types.INT), StateTtlConfig.UpdateType.ON_READ_AND_WRITE));
        backend.setCurrentKey("a");
        m.put("x", 1);
        for (int i = 0; i < 5; i++) {
            now.addAndGet(80);
            assertThat(m.get("x")).isEqualTo(1);
        }
        now.addAndGet(100);
        assertThat(m.isEmpty()).isTrue();
    }

    @Test
    void expiredValuesAreLeftOutOfSnapshotsAndTtlSurvivesARestore() throws Exception {
        ValueState<Integer> v = backend.getState(withTtl(new ValueStateDescriptor<>("v", Types.INT), StateTtlConfig.UpdateType.ON_CREATE_AND_WRITE));
        backend.setCurrentKey("old");
        v.update(1);
        now.addAndGet(90);
        backend.setCurrentKey("young");
        v.update(2);
        now.addAndGet(20);                     // "old" expired (110 ms), "young" has 80 ms left
        KeyedStateSnapshot snapshot = backend.snapshot();
        HeapKeyedStateBackend r = HeapKeyedStateSnapshotTest.restored(HeapKeyedStateSnapshotTest.write(snapshot));
        r.setTtlTimeProvider(now::get);
        ValueState<Integer> rv = r.getState(withTtl(new ValueStateDescriptor<>("v", Types.INT), StateTtlConfig.UpdateType.ON_CREATE_AND_WRITE));
        assertThat(r.registeredStates()).extracting(RegisteredKeyedState::numberOfKeys).containsExactly(1);
        r.setCurrentKey("young");
        assertThat(rv.value()).isEqualTo(2);
        now.addAndGet(80);                     // the last write time was restored: it expires on schedule
        assertThat(rv.value()).isNull();
    }

    @Test
    void switchingTimeToLiveOfRestoredStateFailsNamingTheState() throws Exception {
        ValueState<Integer> v = backend.getState(new ValueStateDescriptor<>("plain", Types.INT));
        backend.setCurrentKey("a");
        v.update(1);
        HeapKeyedStateBackend r = HeapKeyedStateSnapshotTest.restored(HeapKeyedStateSnapshotTest.write(backend.snapshot()));
        ValueStateDescriptor<Integer> withTtl = withTtl(new ValueStateDescriptor<>("plain", Types.INT), StateTtlConfig.UpdateType.ON_CREATE_AND_WRITE);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> r.getState(withTtl)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'plain'").hasMessageContaining("time to live");
    }

    @Test
    void listNamespacesMergeIntoTheTarget() throws Exception {
        HeapListState<String, Integer> list = backend.getPartitionedState("w1", STRINGS,
                new ListStateDescriptor<>("l", Types.INT));
        backend.setCurrentKey("k");
        list.add(1);
        list.setCurrentNamespace("w2");
        list.add(2);
        list.setCurrentNamespace("w3");
        list.add(3);
        list.mergeNamespaces("w3", List.of("w1", "w2"));
        list.setCurrentNamespace("w3");
        assertThat(list.get()).containsExactlyInAnyOrder(3, 1, 2);
        list.setCurrentNamespace("w1");
        assertThat(list.get()).isEmpty();
        backend.setCurrentKey("other");
        list.setCurrentNamespace("w3");
        assertThat(list.get()).isEmpty();
    }

    @Test
    void reducingAndAggregatingNamespacesMerge() throws Exception {
        InternalMergingState<String> sum = backend.getPartitionedState("a", STRINGS,
                new ReducingStateDescriptor<Long>("sum", Long::sum, Types.LONG));
        InternalMergingState<String> avg = backend.getPartitionedState("a", STRINGS, HeapKeyedStateSnapshotTest.average());
        backend.setCurrentKey("k");
        for (String ns : List.of("a", "b", "c")) {
            sum.setCurrentNamespace(ns);
            avg.setCurrentNamespace(ns);
            ((io.eddy.api.common.state.ReducingState<Long>) sum).add(10L);
            @SuppressWarnings("unchecked")
            io.eddy.api.common.state.AggregatingState<Long, Double> a = (io.eddy.api.common.state.AggregatingState<Long, Double>) avg;
            a.add(ns.equals("c") ? 4L : 1L);
        }
        sum.mergeNamespaces("a", List.of("b", "c"));
        avg.mergeNamespaces("new", List.of("a", "b", "c"));
        sum.setCurrentNamespace("a");
        assertThat(((io.eddy.api.common.state.ReducingState<Long>) sum).get()).isEqualTo(30L);
        avg.setCurrentNamespace("new");
        assertThat(((io.eddy.api.common.state.AggregatingState<?, ?>) avg).get()).isEqualTo(2.0);
        avg.setCurrentNamespace("a");
        assertThat(((io.eddy.api.common.state.AggregatingState<?, ?>) avg).get()).isNull();
    }
}
