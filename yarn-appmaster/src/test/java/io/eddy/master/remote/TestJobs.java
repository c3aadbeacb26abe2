package io.eddy.master.remote;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Jobs the multi-process tests run; their classes reach the workers through the shared class path. */
final class TestJobs {

    private TestJobs() {}

    /** Numbers 1..n, keyed by {@code x % keys}, counted per key with a rolling sum. */
    static DataStream<Tuple2<Long, Long>> keyedCounts(StreamExecutionEnvironment env, long n, long keys) {
        return env.generateSequence(1, n)
                .map(new KeyAndOne(keys))
                .keyBy(new FirstField())
                .sum(1);
    }

    /** The expected final count per key of {@link #keyedCounts}. */
    static Map<Long, Long> expectedCounts(long n, long keys) {
        Map<Long, Long> expected = new HashMap<>();
        for (long x = 1; x <= n; x++) {
            expected.merge(x % keys, 1L, Long::sum);
        }
        return expected;
    }

    /** The final (largest) count per key of a stream of rolling counts. */
    static Map<Long, Long> finalCounts(List<Tuple2<Long, Long>> rolling) {
        Map<Long, Long> result = new HashMap<>();
        for (Tuple2<Long, Long> t : rolling) {
            result.merge(t.f0, t.f1, Math::max);
        }
        return result;
    }

    /** x -> (x % keys, 1). */
    static final class KeyAndOne implements MapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final long keys;

        KeyAndOne(long keys) {
            this.keys = keys;
        }

        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value % keys, 1L);
        }
    }

    /** The key of a (key, count) pair. */
    static final class FirstField implements KeySelector<Tuple2<Long, Long>, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long getKey(Tuple2<Long, Long> value) {
            return value.f0;
        }
    }

    /** Emits 0, 1, 2, ... until cancelled. */
    static final class EndlessSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Fails on the value 500 with a message the test looks for. */
    static final class FailOn500 implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            if (value == 500) {
                throw new IllegalStateException("user function rejected 500");
            }
            return value;
        }
    }

    /** x -> x % n. */
    static final class ModKey implements KeySelector<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final long n;

        ModKey(long n) {
            this.n = n;
        }

        @Override
        public Long getKey(Long value) {
            return value % n;
        }
    }

    /** x -> x. */
    static final class Identity implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    /** Counts the records it sees in the accumulator "records". */
    static final class CountingMap extends io.eddy.api.common.functions.rich.RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private transient io.eddy.api.common.accumulators.LongCounter counter;

        @Override
        public void open() {
            counter = new io.eddy.api.common.accumulators.LongCounter();
            getRuntimeContext().addAccumulator("records", counter);
        }

        @Override
        public Long map(Long value) {
            counter.add(1L);
            return value;
        }
    }
}
