package io.eddy.master.web;

import io.eddy.configuration.Configuration;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.nio.file.Path;

/** Functions of the jobs the web endpoint's tests run: a slow endless source, a sink that drops, a checkpointing environment. */
public final class WebTestJobs {

    private WebTestJobs() {}

    /** Emits 0, 1, 2, ... about a thousand a second until cancelled. */
    public static final class Trickle implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            for (long i = 0; running; i++) {
                ctx.collect(i);
                Thread.sleep(1);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Drops its input. */
    public static final class Discard implements SinkFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Long value) {
        }
    }

    /** An environment of parallelism 1 that checkpoints every 100 ms into {@code storage}, for the tests of checkpoint figures. */
    public static StreamExecutionEnvironment checkpointingEvery100Ms(Path storage) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.enableCheckpointing(100);
        env.getCheckpointConfig().setCheckpointStorage(storage.toUri().toString());
        return env;
    }
}
