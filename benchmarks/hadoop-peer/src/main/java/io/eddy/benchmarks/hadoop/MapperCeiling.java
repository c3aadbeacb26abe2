package io.eddy.benchmarks.hadoop;

import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * The floor of any system's map phase of the stock word count: its {@code TokenizerMapper}, unchanged,
 * over the whole input in one thread, fed by Hadoop's own {@code LineRecordReader}, its output
 * counted and dropped — no serialization, sort, combine, shuffle, reduce or output. What a system
 * running the same mapper on {@code P} threads cannot go below is this time divided by {@code P}.
 *
 * <pre>
 *   MapperCeiling NAME INPUT
 *   RESULT name=NAME system=ceiling-map rate=&lt;input MB/s&gt; seconds=&lt;map time&gt; pairs=&lt;map output pairs&gt;
 * </pre>
 *
 * <p>It maps the input twice and reports the second pass, so that the JIT has compiled the mapper
 * (the systems' timed runs are long enough for that too).
 */
public final class MapperCeiling {

    private MapperCeiling() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("Usage: MapperCeiling NAME INPUT");
            System.exit(2);
        }
        Path input = new Path(java.nio.file.Path.of(args[1]).toAbsolutePath().toUri());
        long bytes = java.nio.file.Files.size(java.nio.file.Path.of(args[1]));
        mapOnce(input, bytes);
        long start = System.nanoTime();
        long pairs = mapOnce(input, bytes);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "RESULT name=%s system=ceiling-map rate=%.2f seconds=%.2f pairs=%d%n", args[0], bytes / 1e6 / seconds,
                seconds, pairs);
    }

    /** Runs the stock mapper over the whole file as one split; returns the pairs it wrote. */
    private static long mapOnce(Path input, long bytes) throws IOException, InterruptedException {
        Configuration conf = new Configuration();
        TaskAttemptID attempt = new TaskAttemptID("ceiling", 0, TaskType.MAP, 0, 0);
        FileSplit split = new FileSplit(input, 0, bytes, new String[0]);
        LineRecordReader reader = new LineRecordReader();
        TaskAttemptContext attemptContext = new TaskAttemptContextImpl(conf, attempt);
        reader.initialize(split, attemptContext);
        long[] pairs = {0};
        RecordWriter<Text, IntWritable> dropping = new RecordWriter<>() {
            @Override
            public void write(Text key, IntWritable value) {
                pairs[0]++;
            }

            @Override
            public void close(TaskAttemptContext context) {
            }
        };
        @SuppressWarnings({"unchecked", "rawtypes"}) // the mapper takes any key: its reader's are LongWritable offsets
        MapContextImpl<Object, Text, Text, IntWritable> mapContext = new MapContextImpl<>(conf, attempt, (RecordReader) reader, dropping, null,
                new TaskAttemptContextImpl.DummyReporter(), split);
        Mapper<Object, Text, Text, IntWritable> mapper = new WordCount.TokenizerMapper();
        mapper.run(new WrappedMapper<Object, Text, Text, IntWritable>().getMapContext(mapContext));
        reader.close();
        return pairs[0];
    }
}
