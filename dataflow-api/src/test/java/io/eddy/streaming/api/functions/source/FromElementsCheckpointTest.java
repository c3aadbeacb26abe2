package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.streaming.api.testutils.CollectingSourceContext;
import io.eddy.streaming.api.testutils.TestOperatorStateStore;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FromElementsCheckpointTest {

    private static final List<String> DATA = IntStream.range(0, 50_000).mapToObj(i -> "element-" + i).toList();

    private static FromElementsFunction<String> shipped(FromElementsFunction<String> f) {
        try {
            return InstantiationUtil.clone(f, FromElementsCheckpointTest.class.getClassLoader());
        } catch (Exception e) {
            throw new AssertionError("cannot ship the function", e);
        }
    }

    @Test
    void failuresInTheMiddleEmitEveryElementExactlyOnce() throws Exception {
        FromElementsFunction<String> f = new FromElementsFunction<>(TypeInfo.of(String.class).createSerializer(new SerializerConfig()), DATA);
        int[][] rounds = {{1, 100}, {1, 0}, {1, 5_000}, {1, 5_000}, {1, -1}};
        List<String> out = CheckpointedSourceDriver.runWithFailures(() -> shipped(f), rounds);
        assertThat(out).isEqualTo(DATA);
    }

    @Test
    void aSnapshotAtTheEndRestoresToNothing() throws Exception {
        FromElementsFunction<String> f = shipped(new FromElementsFunction<>(TypeInfo.of(String.class).createSerializer(new SerializerConfig()),
                List.of("a", "b")));
        TestOperatorStateStore store = new TestOperatorStateStore(null);
        f.initializeState(store.initContext());
        f.run(new CollectingSourceContext<>());
        f.snapshotState(TestOperatorStateStore.snapshotContext(1));
        FromElementsFunction<String> g = shipped(new FromElementsFunction<>(TypeInfo.of(String.class).createSerializer(new SerializerConfig()),
                List.of("a", "b")));
        g.initializeState(new TestOperatorStateStore(store.snapshot()).initContext());
        CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
        g.run(ctx);
        assertThat(ctx.getElements()).isEmpty();
    }

    @Test
    void restoredWithoutStateTheSourceHadFinishedAndEmitsNothing() throws Exception {
        FromElementsFunction<String> f = shipped(new FromElementsFunction<>(TypeInfo.of(String.class).createSerializer(new SerializerConfig()),
                List.of("a", "b")));
        f.initializeState(new TestOperatorStateStore(new TestOperatorStateStore.Snapshot(java.util.Map.of())).initContext());
        CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
        f.run(ctx);
        assertThat(ctx.getElements()).isEmpty();
    }

    @Test
    void foreignStateIsRejectedWithAHint() throws Exception {
        FromElementsFunction<Integer> f = new FromElementsFunction<>(TypeInfo.of(Integer.class).createSerializer(new SerializerConfig()),
                List.of(1, 2, 3));
        TestOperatorStateStore old = new TestOperatorStateStore(null);
        old.getListState(new io.eddy.api.common.state.ListStateDescriptor<>("from-elements-emitted", Long.class)).addAll(List.of(1L, 2L));
        TestOperatorStateStore.Snapshot snapshot = old.snapshot();
        assertThat(snapshot.states()).containsKey("from-elements-emitted");
        assertThatThrownBy(() -> f.initializeState(new TestOperatorStateStore(snapshot).initContext()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("fromElements").hasMessageContaining("uid");
    }
}
