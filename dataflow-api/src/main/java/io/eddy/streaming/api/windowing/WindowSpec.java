package io.eddy.streaming.api.windowing;

import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import java.io.Serializable;
import java.util.Objects;

/**
 * What a window operator is, besides its window function: the contract between {@code
 * WindowedStream} and the runtime's window operator, travelling as the parameter of the operator
 * kind {@code OperatorKinds.Window}. Immutable.
 *
 * <p>The contents descriptor says how the window's elements are kept in keyed state (with the
 * window as namespace): a {@link ListStateDescriptor} of the elements (for process/apply), of
 * {@link TimestampedValue}s when there is an evictor, a {@link ReducingStateDescriptor} for an
 * incremental reduce, or an {@link AggregatingStateDescriptor} for an incremental aggregate.
 */
public final class WindowSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The name of the keyed state that holds the window contents. */
    public static final String CONTENTS_STATE = "window-contents";

    private final WindowAssigner<?, ?> assigner;
    private final Trigger<?, ?> trigger;
    private final Evictor<?, ?> evictor;
    private final long allowedLateness;
    private final OutputTag<?> lateDataTag;
    private final StateDescriptor<?> contentsDescriptor;

    /**
     * @param evictor null for none
     * @param allowedLateness in ms, >= 0; ignored (0) for processing-time assigners
     * @param lateDataTag where late elements go; null to drop them (counted)
     */
    public WindowSpec(WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, Evictor<?, ?> evictor, long allowedLateness,
            OutputTag<?> lateDataTag, StateDescriptor<?> contentsDescriptor) {
        this.assigner = Objects.requireNonNull(assigner, "assigner");
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        this.evictor = evictor;
        if (allowedLateness < 0) {
            throw new IllegalArgumentException("allowedLateness: " + allowedLateness + " ms (expected: >= 0)");
        }
        this.allowedLateness = assigner.isEventTime() ? allowedLateness : 0;
        this.lateDataTag = lateDataTag;
        this.contentsDescriptor = Objects.requireNonNull(contentsDescriptor, "contentsDescriptor");
        if (evictor != null && !(contentsDescriptor instanceof ListStateDescriptor<?>)) {
            throw new IllegalArgumentException("Bug: a window with an evictor keeps its contents in list state, not " + contentsDescriptor);
        }
    }

    public WindowAssigner<?, ?> assigner() {
        return assigner;
    }

    public Trigger<?, ?> trigger() {
        return trigger;
    }

    /** The evictor, or null. */
    public Evictor<?, ?> evictor() {
        return evictor;
    }

    public long allowedLateness() {
        return allowedLateness;
    }

    /** The side output of late elements, or null. */
    public OutputTag<?> lateDataTag() {
        return lateDataTag;
    }

    public StateDescriptor<?> contentsDescriptor() {
        return contentsDescriptor;
    }

    @Override
    public String toString() {
        return "WindowSpec{" + assigner + ", " + trigger + (evictor == null ? "" : ", " + evictor) + ", lateness " + allowedLateness
                + (lateDataTag == null ? "" : ", late data to " + lateDataTag.getId()) + ", " + contentsDescriptor + "}";
    }
}
