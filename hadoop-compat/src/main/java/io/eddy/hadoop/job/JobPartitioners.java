package io.eddy.hadoop.job;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.impl.SerializableJobConf;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A MapReduce job's partitioner as the partitioner of Eddy's {@code partitionCustom}: it is given
 * the whole {@code (key, value)} pair, as Hadoop's {@code getPartition(key, value, numReduces)} is,
 * and is made per subtask from its class with the job's configuration ({@code Configurable} /
 * {@code JobConfigurable} set up as Hadoop's tasks do).
 */
final class JobPartitioners {

    private JobPartitioners() {}

    /** The pair itself, the key {@code partitionCustom} hands the partitioner. */
    static final class WholePair<K, V> implements KeySelector<Tuple2<K, V>, Tuple2<K, V>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<K, V> getKey(Tuple2<K, V> pair) {
            return pair;
        }
    }

    /** A {@code mapreduce} {@link org.apache.hadoop.mapreduce.Partitioner}. */
    static final class NewApi<K, V> implements Partitioner<Tuple2<K, V>> {
        private static final long serialVersionUID = 1L;

        private final Class<? extends org.apache.hadoop.mapreduce.Partitioner<K, V>> partitionerClass;
        private final SerializableJobConf conf;
        private transient org.apache.hadoop.mapreduce.Partitioner<K, V> partitioner;

        NewApi(Class<? extends org.apache.hadoop.mapreduce.Partitioner<K, V>> partitionerClass, JobConf job) {
            this.partitionerClass = partitionerClass;
            this.conf = new SerializableJobConf(job);
        }

        @Override
        public int partition(Tuple2<K, V> pair, int numPartitions) {
            if (partitioner == null) {
                partitioner = ReflectionUtils.newInstance(partitionerClass, cached(conf.get()));
            }
            return partitioner.getPartition(pair.f0, pair.f1, numPartitions);
        }
    }

    /** A {@code mapred} {@link org.apache.hadoop.mapred.Partitioner}. */
    static final class OldApi<K, V> implements Partitioner<Tuple2<K, V>> {
        private static final long serialVersionUID = 1L;

        private final Class<? extends org.apache.hadoop.mapred.Partitioner<K, V>> partitionerClass;
        private final SerializableJobConf conf;
        private transient org.apache.hadoop.mapred.Partitioner<K, V> partitioner;

        OldApi(Class<? extends org.apache.hadoop.mapred.Partitioner<K, V>> partitionerClass, JobConf job) {
            this.partitionerClass = partitionerClass;
            this.conf = new SerializableJobConf(job);
        }

        @Override
        public int partition(Tuple2<K, V> pair, int numPartitions) {
            if (partitioner == null) {
                partitioner = ReflectionUtils.newInstance(partitionerClass, cached(conf.get()));
            }
            return partitioner.getPartition(pair.f0, pair.f1, numPartitions);
        }
    }

    /** {@code job} with its distributed cache made in this worker where it runs elsewhere (TotalOrderPartitioner reads its split points from it). */
    private static JobConf cached(JobConf job) {
        try {
            JobCache.inWorker(job);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return job;
    }
}
