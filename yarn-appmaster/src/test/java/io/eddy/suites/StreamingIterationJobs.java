package io.eddy.suites;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.it.InterceptingSource;
import io.eddy.testkit.results.ResultDirectory;
import java.util.concurrent.TimeUnit;

/**
 * The functions of {@link StreamingIterationSuite}'s loops. Records are {@code (origin, value,
 * passes)}: the number that entered the loop, what the loop made of it, and how often it went around.
 */
final class StreamingIterationJobs {

    static final TypeInfo<Tuple3<Long, Long, Long>> RECORD = new TypeHint<Tuple3<Long, Long, Long>>() {}.getTypeInfo();
    /** Where a record that reached the end of its loop goes. */
    static final OutputTag<Tuple3<Long, Long, Long>> DONE = new OutputTag<>("done", RECORD);

    private StreamingIterationJobs() {}

    /** {@code n} enters as {@code (n, remaining, 0)}, with {@code remaining = n} or {@code n % modulus + 1}. */
    static final class Enter implements MapFunction<Long, Tuple3<Long, Long, Long>> {
        private final long modulus;

        /** @param modulus 0: each number goes around as often as its value */
        Enter(long modulus) {
            this.modulus = modulus;
        }

        @Override
        public Tuple3<Long, Long, Long> map(Long n) {
            return new Tuple3<>(n, modulus == 0 ? n : n % modulus + 1, 0L);
        }
    }

    static final class Origin implements KeySelector<Tuple3<Long, Long, Long>, Long> {
        @Override
        public Long getKey(Tuple3<Long, Long, Long> t) {
            return t.f0;
        }
    }

    /** One pass: the value goes down by one; at 0 the record leaves the loop through {@link #DONE}, else it goes around again. */
    static final class Decrement extends KeyedProcessFunction<Long, Tuple3<Long, Long, Long>, Tuple3<Long, Long, Long>> {
        @Override
        public void processElement(Tuple3<Long, Long, Long> t, Context ctx, Collector<Tuple3<Long, Long, Long>> out) {
            Tuple3<Long, Long, Long> next = new Tuple3<>(t.f0, t.f1 - 1, t.f2 + 1);
            if (next.f1 == 0) {
                ctx.output(DONE, next);
            } else {
                out.collect(next);
            }
        }
    }

    /** A connected loop's step: a number enters halved once; a fed-back record is halved again. */
    static final class Halve implements CoMapFunction<Long, Tuple3<Long, Long, Long>, Tuple3<Long, Long, Long>> {
        @Override
        public Tuple3<Long, Long, Long> map1(Long n) {
            return new Tuple3<>(n, n / 2, 1L);
        }

        @Override
        public Tuple3<Long, Long, Long> map2(Tuple3<Long, Long, Long> t) {
            return new Tuple3<>(t.f0, t.f1 / 2, t.f2 + 1);
        }
    }

    /** Keeps records whose value is (not) zero. */
    static final class ValueZero implements FilterFunction<Tuple3<Long, Long, Long>> {
        private final boolean zero;

        ValueZero(boolean zero) {
            this.zero = zero;
        }

        @Override
        public boolean filter(Tuple3<Long, Long, Long> t) {
            return (t.f1 == 0) == zero;
        }
    }

    /**
     * A binary tree per seed: record {@code (seed, id, depth)} has the children {@code 2 id} and
     * {@code 2 id + 1} one level deeper; the leaves at {@code depth} leave the loop (value = id, passes = depth).
     */
    static final class Children implements FlatMapFunction<Tuple3<Long, Long, Long>, Tuple3<Long, Long, Long>> {
        @Override
        public void flatMap(Tuple3<Long, Long, Long> t, Collector<Tuple3<Long, Long, Long>> out) {
            out.collect(new Tuple3<>(t.f0, 2 * t.f1, t.f2 + 1));
            out.collect(new Tuple3<>(t.f0, 2 * t.f1 + 1, t.f2 + 1));
        }
    }

    static final class Shallower implements FilterFunction<Tuple3<Long, Long, Long>> {
        private final long depth;
        private final boolean below;

        Shallower(long depth, boolean below) {
            this.depth = depth;
            this.below = below;
        }

        @Override
        public boolean filter(Tuple3<Long, Long, Long> t) {
            return (t.f2 < depth) == below;
        }
    }

    static final class Line implements MapFunction<Tuple3<Long, Long, Long>, String> {
        @Override
        public String map(Tuple3<Long, Long, Long> t) {
            return t.f0 + "," + t.f2;
        }
    }

    /**
     * The rewindable sequence source over {@code lanes} contiguous ranges of {@code laneSize}
     * numbers, throttled (about 2,000 numbers a second per lane) so that a kill lands while records
     * go around. Lane l (the range of the numbers it emits) holds before its last {@value #HELD}
     * numbers until the test's mark {@link #release(int) release(l)} exists, and leaves the mark
     * {@link #lastMark(int, int) lastMark(attempt, l)} as it emits its last number: the test decides
     * when each lane's input ends. Pauses wait on the checkpoint lock, which releases it, so
     * checkpoints run meanwhile.
     */
    static final class HeldSequence extends InterceptingSource<Long, SequenceSourceFunction> {
        static final long HELD = 50;
        private final ResultDirectory marks;
        private final long laneSize;
        /** Source thread only. */
        private transient long emitted;
        private transient boolean released;

        HeldSequence(int lanes, long laneSize, ResultDirectory marks) {
            super(new SequenceSourceFunction(0, lanes * laneSize - 1));
            this.marks = marks;
            this.laneSize = laneSize;
        }

        /** The mark that lets lane {@code lane} emit its last numbers. */
        static String release(int lane) {
            return "release-lane" + lane;
        }

        /** The mark of lane {@code lane} of {@code attempt} emitting its last number. */
        static String lastMark(int attempt, int lane) {
            return "last-a" + attempt + "-lane" + lane;
        }

        @Override
        protected void beforeEmit(Long element, Object lock) {
            // 1 ms after every second number, not 5 ms after every tenth: records enter the loop without gaps long enough
            // for it to drain, so every checkpoint (taken during a pause) finds feedback in flight.
            if (++emitted % 2 == 0) {
                pause(lock);
            }
            int lane = (int) (element / laneSize);
            while (!released && element % laneSize >= laneSize - HELD) {
                released = marks.marked(release(lane));
                if (!released) {
                    pause(lock);
                }
            }
            if (element % laneSize == laneSize - 1) {
                marks.mark(lastMark(getRuntimeContext().getAttemptNumber(), lane));
            }
        }

        private static void pause(Object lock) {
            try {
                TimeUnit.MILLISECONDS.timedWait(lock, 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("The held sequence was interrupted (the task is being cancelled)", e);
            }
        }
    }
}
