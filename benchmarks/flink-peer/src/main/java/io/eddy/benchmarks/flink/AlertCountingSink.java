package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Alert;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;

/** Discards alerts and counts them in the accumulator {@value #ALERTS}. Runs on its task's thread. */
public final class AlertCountingSink extends RichSinkFunction<Alert> {

    private static final long serialVersionUID = 1L;

    /** The accumulator with the number of alerts. */
    public static final String ALERTS = "alerts";

    private transient LongCounter alerts;

    @Override
    public void open(OpenContext openContext) {
        alerts = new LongCounter();
        getRuntimeContext().addAccumulator(ALERTS, alerts);
    }

    @Override
    public void invoke(Alert value, Context context) {
        alerts.add(1L);
    }
}
