package io.eddy.streaming.api.windowing.triggers;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * Fires when the window has received {@code maxCount} elements since it was created or last fired,
 * and then starts counting again. Counts live in window state, so they survive failures; merged
 * windows add their counts.
 */
public final class CountTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;

    private final long maxCount;
    private final ReducingStateDescriptor<Long> countDescriptor = new ReducingStateDescriptor<>("count", new Sum(), Types.LONG);

    private CountTrigger(long maxCount) {
        this.maxCount = maxCount;
    }

    /** @throws IllegalArgumentException if {@code maxCount < 1} */
    public static CountTrigger of(long maxCount) {
        if (maxCount < 1) {
            throw new IllegalArgumentException("CountTrigger maxCount: " + maxCount + " (expected: >= 1)");
        }
        return new CountTrigger(maxCount);
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) throws Exception {
        ReducingState<Long> count = ctx.windowState().getReducingState(countDescriptor);
        count.add(1L);
        if (count.get() >= maxCount) {
            count.clear();
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(Window window, OnMergeContext ctx) throws Exception {
        ctx.mergePartitionedState(countDescriptor);
    }

    @Override
    public void clear(Window window, TriggerContext ctx) {
        ctx.windowState().getReducingState(countDescriptor).clear();
    }

    @Override
    public String toString() {
        return "CountTrigger(" + maxCount + ")";
    }

    private static final class Sum implements ReduceFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long reduce(Long a, Long b) {
            return a + b;
        }
    }
}
