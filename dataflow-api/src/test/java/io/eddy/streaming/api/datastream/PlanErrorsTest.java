package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.connector.source.NumberSequenceSource;
import io.eddy.api.connector.source.Source;
import io.eddy.api.connector.source.SourceReader;
import io.eddy.api.connector.source.SourceReaderContext;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanErrorsTest {

    @TempDir
    Path dir;

    /** A plain (non-parallel) source. */
    static final class OneShot implements SourceFunction<String> {
        @Override
        public void run(SourceContext<String> ctx) {
            ctx.collect("x");
        }

        @Override
        public void cancel() {}
    }

    /** Something a function must not capture. */
    static final class NotSerializable {}

    /** A key selector returning arrays, which cannot be keys. */
    static final class ArrayKey implements KeySelector<Long, int[]> {
        @Override
        public int[] getKey(Long value) {
            return new int[] {value.intValue()};
        }
    }

    /** A function capturing something that is not serializable. */
    static final class Capturing implements MapFunction<Long, Long> {
        private final NotSerializable captured = new NotSerializable();

        @Override
        public Long map(Long value) {
            return value + captured.hashCode();
        }
    }

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.createLocalEnvironment(2);
    }

    @Test
    void anUntypeableLambdaFailsWhenItsTypeIsNeededNamingTheOperatorAndReturns() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Tuple2<Long, Long>> pairs = env.generateSequence(1, 3).map(x -> Tuple2.of(x, x)).name("pairs");
        assertThatThrownBy(pairs::print).hasMessageContaining("pairs").hasMessageContaining("returns");
    }

    @Test
    void returnsFixesAnUntypeableLambda() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 3).map(x -> Tuple2.of(x, x)).returns(new TypeHint<Tuple2<Long, Long>>() {}).print();
        JobGraph graph = env.getJobGraph("fixed");
        OperatorDescriptor map = graph.vertices().get(0).chain().get(1).descriptor(getClass().getClassLoader());
        assertThat(map.outputType()).isEqualTo(new TypeHint<Tuple2<Long, Long>>() {}.getTypeInfo());
    }

    @Test
    void anUnknownKeyFieldNamesTheOperatorAndListsTheFields() {
        StreamExecutionEnvironment env = env();
        DataStream<Tuple2<String, Integer>> pairs = env.fromElements(Tuple2.of("a", 1));
        assertThatThrownBy(() -> pairs.keyBy("nope")).hasMessageContaining("nope").hasMessageContaining("f0")
                .hasMessageContaining("Collection Source");
    }

    @Test
    void aNonKeyTypeAsKeyIsAPlanTimeError() {
        StreamExecutionEnvironment env = env();
        assertThatThrownBy(() -> env.generateSequence(1, 3).map(x -> x + 1).name("plus one").keyBy(new ArrayKey()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("plus one").hasMessageContaining("cannot be a key");
    }

    @Test
    void anUnserializableFunctionNamesTheOperator() {
        StreamExecutionEnvironment env = env();
        assertThatThrownBy(() -> env.generateSequence(1, 3).map(new Capturing())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Map'").hasMessageContaining("NotSerializable");
    }

    @Test
    void invalidParallelismIsRejectedNamingTheOperator() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Long> map = env.generateSequence(1, 3).map(x -> x + 1).name("inc");
        assertThatThrownBy(() -> map.setParallelism(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'inc'")
                .hasMessageContaining(">= 1");
        assertThatThrownBy(() -> map.setParallelism(-3)).isInstanceOf(IllegalArgumentException.class);
        map.setMaxParallelism(4);
        assertThatThrownBy(() -> map.setParallelism(5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max parallelism 4");
        map.setParallelism(4);
        assertThatThrownBy(() -> env.setParallelism(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNonParallelSourceCannotRunInParallel() {
        StreamExecutionEnvironment env = env();
        DataStreamSource<String> source = env.addSource(new OneShot(), "one shot");
        assertThat(source.isParallel()).isFalse();
        assertThatThrownBy(() -> source.setParallelism(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one shot").hasMessageContaining("ParallelSourceFunction");
        assertThatThrownBy(() -> env.fromElements(1, 2).setParallelism(3)).hasMessageContaining("Collection Source");
    }

    @Test
    void aSourceThatIsNotParallelCannotRunInParallelAndItsTypeComesFromItsClass() {
        StreamExecutionEnvironment env = env();
        DataStreamSource<Long> source = env.fromSource(new SingleSequence(), "single");
        assertThat(source.isParallel()).isFalse();
        assertThat(source.getType()).isEqualTo(TypeInfo.of(Long.class));
        assertThatThrownBy(() -> source.setParallelism(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("single").hasMessageContaining("isParallel()");
        assertThat(env.fromSequence(1, 5).isParallel()).isTrue();
    }

    @Test
    void anUnserializableSourceNamesIt() {
        StreamExecutionEnvironment env = env();
        assertThatThrownBy(() -> env.fromSource(new CapturingSource(), "capturing")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'capturing'").hasMessageContaining("NotSerializable");
    }

    /** A non-parallel {@code Source} of one number. */
    static class SingleSequence implements Source<Long, NumberSequenceSource.Split> {
        private final NumberSequenceSource numbers = new NumberSequenceSource(1, 1);

        @Override
        public List<NumberSequenceSource.Split> createSplits(int parallelism) {
            return numbers.createSplits(parallelism);
        }

        @Override
        public SourceReader<Long, NumberSequenceSource.Split> createReader(SourceReaderContext context) {
            return numbers.createReader(context);
        }

        @Override
        public TypeInfo<NumberSequenceSource.Split> getSplitType() {
            return numbers.getSplitType();
        }

        @Override
        public boolean isParallel() {
            return false;
        }
    }

    static final class CapturingSource extends SingleSequence {
        private final NotSerializable captured = new NotSerializable();
    }

    @Test
    void forwardBetweenDifferentParallelismsNamesBothAndSuggestsRebalance() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L, 2L).forward().map(x -> x + 1).name("inc").print();
        assertThatThrownBy(() -> env.getJobGraph("bad forward")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Collection Source").hasMessageContaining("inc").hasMessageContaining("rebalance()");
    }

    @Test
    void duplicateUidsAreRejected() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 3).uid("same").map(x -> x).uid("same").print();
        assertThatThrownBy(() -> env.getJobGraph("dup")).hasMessageContaining("'same'");
    }

    @Test
    void missingInputFileAndExistingOutputFileArePlanTimeErrors() throws Exception {
        StreamExecutionEnvironment env = env();
        String missing = dir.resolve("missing.txt").toString();
        assertThatThrownBy(() -> env.readTextFile(missing)).hasMessageContaining(missing);
        Path existing = Files.writeString(dir.resolve("out.txt"), "x");
        assertThatThrownBy(() -> env.generateSequence(1, 2).writeAsText(existing.toString())).hasMessageContaining(existing.toString())
                .hasMessageContaining("OVERWRITE");
    }

    @Test
    void environmentSettingsAreValidated() {
        StreamExecutionEnvironment env = env();
        assertThatThrownBy(() -> env.setBufferTimeout(-2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2");
        env.setBufferTimeout(-1);
        assertThatThrownBy(() -> env.setMaxParallelism(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> env.fromCollection(List.of())).hasMessageContaining("fromCollection(collection, typeInfo)");
        assertThatThrownBy(() -> env.getJobGraph("empty")).isInstanceOf(IllegalStateException.class).hasMessageContaining("No operators");
        assertThatThrownBy(() -> env.fromElements(1, "two")).hasMessageContaining("element 1");
    }

    @Test
    void returnsAfterTheTypeWasUsedIsRejected() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Long> map = env.generateSequence(1, 3).map(x -> x + 1);
        map.returns(TypeInfo.of(Long.class)).print();
        assertThatThrownBy(() -> ((SingleOutputStreamOperator) map).returns(TypeInfo.of(String.class)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("returns(...)");
    }

    @Test
    void aSideOutputIdReadWithTwoTypesIsRejected() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Long> op = env.generateSequence(1, 3).map(x -> x).name("split");
        op.getSideOutput(new io.eddy.streaming.api.OutputTag<>("late", TypeInfo.of(String.class)));
        assertThatThrownBy(() -> op.getSideOutput(new io.eddy.streaming.api.OutputTag<>("late", TypeInfo.of(Long.class))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'split'").hasMessageContaining("'late'");
    }
}
