package io.eddy.master.web;

import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;

/** Functions of the jobs the web endpoint's tests run: a slow endless source and a sink that drops. */
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
}
