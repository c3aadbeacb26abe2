package io.eddy.examples.statemachine;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.examples.statemachine.model.Alert;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;

/**
 * Counts alerts in the accumulator {@value #ALERTS} and prints the first {@code printLimit} of each
 * parallel instance to standard output, prefixed with the subtask ({@code "2> ALERT ..."}), so a
 * run shows what it found without printing thousands of lines. Runs on its task's thread.
 */
public final class AlertSink extends RichSinkFunction<Alert> {

    private static final long serialVersionUID = 1L;

    /** The accumulator with the number of alerts. */
    public static final String ALERTS = "alerts";

    private final int printLimit;

    private transient LongCounter alerts;
    private transient String prefix;

    /** @param printLimit alerts to print per parallel instance; 0 prints none */
    public AlertSink(int printLimit) {
        if (printLimit < 0) {
            throw new IllegalArgumentException("printLimit: " + printLimit + " (expected 0 or more)");
        }
        this.printLimit = printLimit;
    }

    @Override
    public void open() {
        alerts = getRuntimeContext().getLongCounter(ALERTS);
        prefix = (getRuntimeContext().getIndexOfThisSubtask() + 1) + "> ";
    }

    @Override
    public void invoke(Alert alert) {
        alerts.add(1L);
        if (alerts.get() <= printLimit) {
            System.out.println(prefix + alert);
        }
    }
}
