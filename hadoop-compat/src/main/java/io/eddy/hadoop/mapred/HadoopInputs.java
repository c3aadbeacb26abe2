package io.eddy.hadoop.mapred;

import java.util.Objects;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.JobConf;

/**
 * Sources from Hadoop {@code mapred} input formats, for {@code env.createInput(...)}: {@code
 * readHadoopFile} for file formats (text, {@code SequenceFile}, key-value text, N lines, combined
 * small files; compressed input through Hadoop's codecs), {@code createHadoopInput} for any other.
 */
public final class HadoopInputs {

    private HadoopInputs() {}

    /** Reads the files at {@code paths} (comma-separated, globs allowed, local or HDFS) with {@code format}; {@code job} gives further settings. */
    public static <K, V> HadoopInputFormat<K, V> readHadoopFile(FileInputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass,
            String paths, JobConf job) {
        JobConf conf = new JobConf(Objects.requireNonNull(job, "job"));
        FileInputFormat.setInputPaths(conf, Objects.requireNonNull(paths, "paths"));
        return new HadoopInputFormat<>(format, keyClass, valueClass, conf);
    }

    /** {@link #readHadoopFile(FileInputFormat, Class, Class, String, JobConf)} with a default job configuration. */
    public static <K, V> HadoopInputFormat<K, V> readHadoopFile(FileInputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass,
            String paths) {
        return readHadoopFile(format, keyClass, valueClass, paths, new JobConf());
    }

    /** Reads with {@code format} as {@code job} configures it. */
    public static <K, V> HadoopInputFormat<K, V> createHadoopInput(InputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass, JobConf job) {
        return new HadoopInputFormat<>(format, keyClass, valueClass, job);
    }
}
