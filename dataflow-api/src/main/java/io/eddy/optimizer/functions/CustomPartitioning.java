package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.typeutils.MemberAccessor;
import io.eddy.api.java.tuple.Tuple2;

/** The functions of a {@code partitionCustom} (docs/optimizer.md, "Translating the plan"). */
public final class CustomPartitioning {

    private CustomPartitioning() {}

    /** The key of {@code partitionCustom(partitioner, field)}: the field's value. */
    public static final class FieldKey<T, K> implements KeySelector<T, K> {

        private static final long serialVersionUID = 1L;

        private final MemberAccessor<T, K> field;

        public FieldKey(MemberAccessor<T, K> field) {
            this.field = field;
        }

        @Override
        public K getKey(T record) {
            return field.get(record);
        }
    }

    /**
     * Tags each record with the consumer subtask the user's partitioner picks for its key, for a
     * {@code PARTITION_BY_INDEX} channel to {@code parallelism} subtasks. An index outside {@code
     * [0, parallelism)} fails naming the partitioner, the key and the index.
     */
    public static final class Assigner<T, K> extends RichMapFunction<T, Tuple2<Integer, T>> {

        private static final long serialVersionUID = 1L;

        private final Partitioner<K> partitioner;
        private final KeySelector<T, K> key;
        private final int parallelism;
        private final String operator;

        public Assigner(Partitioner<K> partitioner, KeySelector<T, K> key, int parallelism, String operator) {
            this.partitioner = partitioner;
            this.key = key;
            this.parallelism = parallelism;
            this.operator = operator;
        }

        @Override
        public Tuple2<Integer, T> map(T value) throws Exception {
            K k = key.getKey(value);
            int index = partitioner.partition(k, parallelism);
            if (index < 0 || index >= parallelism) {
                throw new IllegalArgumentException("The partitioner " + partitioner.getClass().getName() + " of '" + operator + "' put key "
                        + k + " into partition " + index + "; the next operator has " + parallelism
                        + " subtasks, so a partition must be in [0, " + parallelism + ")");
            }
            // a new tuple per record: an object channel may hand it to the consumer without copying
            return new Tuple2<>(index, value);
        }
    }
}
