package io.eddy.hadoop.mapreduce;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * Sources from Hadoop {@code mapreduce} input formats, for {@code env.createInput(...)}: {@code
 * readHadoopFile} for file formats (text, {@code SequenceFile}, key-value text, N lines, combined
 * small files; compressed input through Hadoop's codecs), {@code createHadoopInput} for any other.
 */
public final class HadoopInputs {

    private HadoopInputs() {}

    /** Reads the files at {@code paths} (comma-separated, globs allowed, local or HDFS) with {@code format}; {@code conf} gives further settings. */
    public static <K, V> HadoopInputFormat<K, V> readHadoopFile(FileInputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass,
            String paths, Configuration conf) {
        Job job;
        try {
            job = Job.getInstance(new Configuration(Objects.requireNonNull(conf, "conf")));
            FileInputFormat.setInputPaths(job, Objects.requireNonNull(paths, "paths"));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not set the input paths " + paths + ": " + e.getMessage(), e);
        }
        return new HadoopInputFormat<>(format, keyClass, valueClass, job.getConfiguration());
    }

    /** {@link #readHadoopFile(FileInputFormat, Class, Class, String, Configuration)} with a default configuration. */
    public static <K, V> HadoopInputFormat<K, V> readHadoopFile(FileInputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass,
            String paths) {
        return readHadoopFile(format, keyClass, valueClass, paths, new Configuration());
    }

    /** Reads with {@code format} as {@code conf} configures it (e.g. {@code job.getConfiguration()}). */
    public static <K, V> HadoopInputFormat<K, V> createHadoopInput(InputFormat<K, V> format, Class<K> keyClass, Class<V> valueClass,
            Configuration conf) {
        return new HadoopInputFormat<>(format, keyClass, valueClass, conf);
    }
}
