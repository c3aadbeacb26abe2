package io.eddy.examples.statemachine;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.examples.statemachine.model.Alert;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.State;
import io.eddy.streaming.api.functions.KeyedProcessFunction;

/**
 * The detector, on a stream keyed by source address: keeps each address's {@link State} in keyed
 * value state (absent means {@link State#INITIAL}), emits an {@link Alert} for an event that has
 * no transition from the current state, and forgets the address after an alert or at {@link
 * State#TERMINAL}, so the state holds only the addresses in flight.
 */
public final class StateMachineMapper extends KeyedProcessFunction<Integer, Event, Alert> {

    private static final long serialVersionUID = 1L;

    private transient ValueState<State> state;

    @Override
    public void open() {
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
            state.update(null);
        } else if (next.isTerminal()) {
            state.update(null);
        } else {
            state.update(next);
        }
    }
}
