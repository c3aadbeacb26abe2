package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Alert;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.State;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Flink's side of the detector: keeps each address's {@link State} in keyed value state, emits an
 * {@link Alert} for an event that has no transition from it, and forgets the address at an alert or
 * at the terminal state. The same logic as Eddy's {@code StateMachineMapper}.
 */
public final class StateMachineFunction extends KeyedProcessFunction<Integer, Event, Alert> {

    private static final long serialVersionUID = 1L;

    private transient ValueState<State> state;

    @Override
    public void open(OpenContext openContext) {
        state = getRuntimeContext().getState(new ValueStateDescriptor<>("state", State.class));
    }

    @Override
    public void processElement(Event event, Context ctx, Collector<Alert> out) throws Exception {
        State current = state.value();
        if (current == null) {
            current = State.INITIAL;
        }
        State next = current.next(event.type());
        if (next == null) {
            out.collect(new Alert(event.sourceAddress(), current, event.type()));
            state.clear();
        } else if (next.isTerminal()) {
            state.clear();
        } else {
            state.update(next);
        }
    }
}
