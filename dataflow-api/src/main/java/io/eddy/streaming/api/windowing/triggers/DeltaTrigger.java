package io.eddy.streaming.api.windowing.triggers;

import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Objects;

/**
 * Fires when an element is further than {@code threshold} (by a user {@link DeltaFunction}) from
 * the element at which the window last fired (or its first element); that element becomes the new
 * reference. The reference lives in window state. Does not support merging windows.
 */
public final class DeltaTrigger<T, W extends Window> extends Trigger<T, W> {

    private static final long serialVersionUID = 1L;

    private final double threshold;
    private final DeltaFunction<T> deltaFunction;
    private final ValueStateDescriptor<T> lastDescriptor;

    private DeltaTrigger(double threshold, DeltaFunction<T> deltaFunction, TypeInfo<T> elementType) {
        this.threshold = threshold;
        this.deltaFunction = Objects.requireNonNull(deltaFunction, "deltaFunction");
        this.lastDescriptor = new ValueStateDescriptor<>("delta-reference", Objects.requireNonNull(elementType, "elementType"));
    }

    /**
     * @param elementType the type of the elements (the reference element is kept in state)
     */
    public static <T, W extends Window> DeltaTrigger<T, W> of(double threshold, DeltaFunction<T> deltaFunction, TypeInfo<T> elementType) {
        return new DeltaTrigger<>(threshold, deltaFunction, elementType);
    }

    @Override
    public TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception {
        ValueState<T> last = ctx.windowState().getState(lastDescriptor);
        T reference = last.value();
        if (reference == null) {
            last.update(element);
            return TriggerResult.CONTINUE;
        }
        if (deltaFunction.getDelta(reference, element) > threshold) {
            last.update(element);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(W window, TriggerContext ctx) {
        ctx.windowState().getState(lastDescriptor).clear();
    }

    @Override
    public String toString() {
        return "DeltaTrigger(" + threshold + ", " + deltaFunction + ")";
    }
}
