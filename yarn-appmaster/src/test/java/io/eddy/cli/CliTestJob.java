package io.eddy.cli;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job program for {@code eddy run} tests, packed into a jar by the test: counts 1..N by
 * {@code x % 5} and writes {@code key=count} lines to the file named by its first argument. With
 * the argument {@code fail} it throws instead; with {@code fail-in-task} the job's map function
 * throws ({@link FailingMap}), so the job fails; with {@code execute} it runs the count with {@code
 * execute()} into a sink that gets nothing; with {@code echo FILE ARGS...} it writes the ARGS it was
 * given to FILE, one a line, and runs no job.
 */
public final class CliTestJob {

    /** The message of {@link FailingMap}'s exception. */
    static final String TASK_FAILURE = "a task of the job failed on purpose";

    private CliTestJob() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("fail")) {
            throw new IllegalStateException("the job program failed on purpose");
        }
        if (args.length > 1 && args[0].equals("echo")) {
            Files.write(Path.of(args[1]), Arrays.asList(args).subList(2, args.length), StandardCharsets.UTF_8);
            return;
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        if (args.length > 0 && args[0].equals("fail-in-task")) {
            try (CloseableIterator<Long> it = env.generateSequence(1, 1000).map(new FailingMap()).executeAndCollect("cli failing job")) {
                it.forEachRemaining(x -> { });
            }
            return;
        }
        if (args.length > 0 && args[0].equals("execute")) {
            env.generateSequence(1, 1000).map(new KeyAndOne()).keyBy(new Key()).sum(1).filter(new DropAll()).print();
            env.execute("cli test job");
            return;
        }
        Map<Long, Long> counts = new TreeMap<>();
        try (CloseableIterator<Tuple2<Long, Long>> it = env.generateSequence(1, 1000).map(new KeyAndOne()).keyBy(new Key()).sum(1)
                .executeAndCollect("cli test job")) {
            it.forEachRemaining(t -> counts.merge(t.f0, t.f1, Math::max));
        }
        StringBuilder sb = new StringBuilder();
        counts.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        Files.writeString(Path.of(args[0]), sb.toString(), StandardCharsets.UTF_8);
    }

    /** Lets no record through. */
    public static final class DropAll implements io.eddy.api.common.functions.FilterFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple2<Long, Long> value) {
            return false;
        }
    }

    /** x -> (x % 5, 1). */
    public static final class KeyAndOne implements MapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value % 5, 1L);
        }
    }

    /** Fails on the record 500: {@value #TASK_FAILURE}. */
    public static final class FailingMap implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            if (value == 500) {
                throw new IllegalStateException(TASK_FAILURE);
            }
            return value;
        }
    }

    /** The first field. */
    public static final class Key implements KeySelector<Tuple2<Long, Long>, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long getKey(Tuple2<Long, Long> value) {
            return value.f0;
        }
    }
}
