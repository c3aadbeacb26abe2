package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichGroupReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.functions.rich.RichMapPartitionFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.KeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The functions of a range partition ({@code DataSet.partitionByRange}), see {@code
 * docs/optimizer.md}: every input subtask samples its records ({@link Sampler}), one subtask sorts
 * the samples by the key and picks the partition boundaries ({@link Boundaries}), and every input
 * subtask tags each record with the index of its range ({@link Assigner}, boundaries as the
 * broadcast variable {@link #BOUNDARIES}); the {@code PARTITION_BY_INDEX} exchange routes by the
 * tag and {@link ValueExtractor} strips it.
 *
 * <p>Records that compare equal on the key always get the same index. Each input subtask
 * contributes at most {@link Sampler#MAX_SAMPLES} samples regardless of its size, so ranges are
 * balanced best when the input subtasks hold similar numbers of records.
 */
public final class RangePartitioning {

    /** The broadcast variable name of the boundaries. */
    public static final String BOUNDARIES = "range-boundaries";

    private RangePartitioning() {}

    /** A uniform reservoir sample of at most {@link #MAX_SAMPLES} records of the subtask's input (copies). */
    public static final class Sampler<T> extends RichMapPartitionFunction<T, T> {

        private static final long serialVersionUID = 1L;

        /** Samples per input subtask. */
        public static final int MAX_SAMPLES = 1000;

        private final TypeInfo<T> type;
        private final SerializerConfig serializerConfig;

        public Sampler(TypeInfo<T> type, SerializerConfig serializerConfig) {
            this.type = type;
            this.serializerConfig = serializerConfig;
        }

        @Override
        public void mapPartition(Iterable<T> values, Collector<T> out) {
            TypeSerializer<T> serializer = type.createSerializer(serializerConfig);
            SplittableRandom random = new SplittableRandom(0x5eedL + getRuntimeContext().getIndexOfThisSubtask());
            List<T> reservoir = new ArrayList<>(MAX_SAMPLES);
            long seen = 0;
            for (T value : values) {
                seen++;
                if (reservoir.size() < MAX_SAMPLES) {
                    reservoir.add(serializer.copy(value));
                } else {
                    long slot = random.nextLong(seen);
                    if (slot < MAX_SAMPLES) {
                        reservoir.set((int) slot, serializer.copy(value));
                    }
                }
            }
            reservoir.forEach(out::collect);
        }
    }

    /**
     * Sorts all samples by the key and emits {@code partitions - 1} boundary records (fewer when
     * there are fewer samples): boundary {@code i} is the largest sample of range {@code i}.
     */
    public static final class Boundaries<T> extends RichGroupReduceFunction<T, T> {

        private static final long serialVersionUID = 1L;

        private final TypeInfo<T> type;
        private final KeySpec keys;
        private final SerializerConfig serializerConfig;
        private final int partitions;

        public Boundaries(TypeInfo<T> type, KeySpec keys, SerializerConfig serializerConfig, int partitions) {
            if (partitions <= 0) {
                throw new IllegalArgumentException("partitions: " + partitions + " (expected: > 0)");
            }
            this.type = type;
            this.keys = keys;
            this.serializerConfig = serializerConfig;
            this.partitions = partitions;
        }

        @Override
        public void reduce(Iterable<T> values, Collector<T> out) {
            TypeSerializer<T> serializer = type.createSerializer(serializerConfig);
            TypeComparator<T> comparator = keys.createComparator(type, serializerConfig);
            List<T> samples = new ArrayList<>();
            for (T value : values) {
                samples.add(serializer.copy(value));
            }
            if (samples.isEmpty()) {
                return;
            }
            samples.sort(comparator::compare);
            int n = samples.size();
            int last = -1;
            for (int i = 1; i < partitions; i++) {
                int index = Math.max(0, (int) ((long) i * n / partitions) - 1);
                if (index > last) {
                    out.collect(samples.get(index));
                    last = index;
                }
            }
        }
    }

    /** Tags each record with its range index: the first boundary not smaller than its key, else the last range. */
    public static final class Assigner<T> extends RichMapFunction<T, Tuple2<Integer, T>> {

        private static final long serialVersionUID = 1L;

        private final TypeInfo<T> type;
        private final KeySpec keys;
        private final SerializerConfig serializerConfig;
        private transient TypeComparator<T> comparator;
        private transient List<T> boundaries;

        public Assigner(TypeInfo<T> type, KeySpec keys, SerializerConfig serializerConfig) {
            this.type = type;
            this.keys = keys;
            this.serializerConfig = serializerConfig;
        }

        @Override
        public void open() {
            comparator = keys.createComparator(type, serializerConfig);
            boundaries = getRuntimeContext().getBroadcastVariable(BOUNDARIES);
        }

        @Override
        public Tuple2<Integer, T> map(T value) {
            // a new tuple per record: an object channel may hand it to the consumer without copying
            return new Tuple2<>(rangeOf(value), value);
        }

        /** Binary search: the number of boundaries that compare smaller than {@code value}'s key. */
        int rangeOf(T value) {
            int low = 0;
            int high = boundaries.size();
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (comparator.compare(boundaries.get(mid), value) < 0) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }
    }
}
