package io.eddy.optimizer;

import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;

/**
 * A batch job whose data is many times larger than both the managed memory and the heap of the
 * JVM it runs in: {@link SmallHeapBatchITCase} starts it in a JVM of its own with a small heap. It
 * group-reduces and joins {@code n} records of ~70 bytes and prints {@code OK ...} if the results
 * are exact; any failure (an {@code OutOfMemoryError} included) ends the JVM with a non-zero code.
 */
public final class SmallHeapBatchJob {

    static final int KEYS = 50_000;

    private SmallHeapBatchJob() {}

    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Long, String>> records = env.generateSequence(1, n).map(new Payload())
                .returns(new TypeHint<Tuple2<Long, String>>() {});
        List<Tuple2<Long, Long>> counts = records.groupBy(0).reduceGroup(new CountPerKey())
                .returns(new TypeHint<Tuple2<Long, Long>>() {}).collect();
        long total = counts.stream().mapToLong(c -> c.f1).sum();
        if (counts.size() != Math.min(n, KEYS) || total != n) {
            throw new IllegalStateException("group-reduce: " + counts.size() + " groups, " + total + " records (expected "
                    + Math.min(n, KEYS) + ", " + n + ")");
        }
        DataSet<Tuple2<Long, String>> unique = env.generateSequence(1, n / 2).map(new UniquePayload())
                .returns(new TypeHint<Tuple2<Long, String>>() {});
        long joined = unique.join(unique.map(new UniquePayload2()).returns(new TypeHint<Tuple2<Long, String>>() {}))
                .where(0).equalTo(0).count();
        if (joined != n / 2) {
            throw new IllegalStateException("join: " + joined + " pairs (expected " + n / 2 + ")");
        }
        System.out.println("OK groups=" + counts.size() + " records=" + total + " joined=" + joined);
    }

    /** n to (n % KEYS, 48 characters). */
    public static final class Payload implements MapFunction<Long, Tuple2<Long, String>> {
        @Override
        public Tuple2<Long, String> map(Long value) {
            return Tuple2.of(value % KEYS, String.format("%048d", value));
        }
    }

    /** n to (n, 48 characters). */
    public static final class UniquePayload implements MapFunction<Long, Tuple2<Long, String>> {
        @Override
        public Tuple2<Long, String> map(Long value) {
            return Tuple2.of(value, String.format("%048d", value));
        }
    }

    /** Keeps the key, changes the payload. */
    public static final class UniquePayload2 implements MapFunction<Tuple2<Long, String>, Tuple2<Long, String>> {
        @Override
        public Tuple2<Long, String> map(Tuple2<Long, String> value) {
            return Tuple2.of(value.f0, "x" + value.f1);
        }
    }

    /** (key, number of records). */
    public static final class CountPerKey implements GroupReduceFunction<Tuple2<Long, String>, Tuple2<Long, Long>> {
        @Override
        public void reduce(Iterable<Tuple2<Long, String>> values, Collector<Tuple2<Long, Long>> out) {
            long key = -1;
            long count = 0;
            for (Tuple2<Long, String> v : values) {
                key = v.f0;
                count++;
            }
            out.collect(Tuple2.of(key, count));
        }
    }
}
