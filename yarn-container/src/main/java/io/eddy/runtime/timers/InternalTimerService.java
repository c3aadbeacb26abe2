package io.eddy.runtime.timers;

/**
 * Timers of a keyed operator, scoped to the current key and a namespace: registering the same
 * (key, namespace, time) twice keeps one timer. Event-time timers fire when a watermark of at least
 * their time arrives, in time order, before the watermark is forwarded; processing-time timers fire
 * when the wall clock passes their time. Timers are part of the operator's keyed state: they are
 * checkpointed by key group and restored (and redistributed on rescaling) with it; processing-time
 * timers whose time passed while the job was down fire right after the restore.
 *
 * <p>Obtained with {@code AbstractStreamOperator.getInternalTimerService(name, namespaceSerializer,
 * triggerable)}; task thread only.
 *
 * @param <N> the namespace type ({@code VoidNamespace} for none, the window type for windows)
 */
public interface InternalTimerService<N> {

    long currentProcessingTime();

    /** The operator's current event time: the last watermark it received, or {@code Long.MIN_VALUE}. */
    long currentWatermark();

    void registerProcessingTimeTimer(N namespace, long time);

    void deleteProcessingTimeTimer(N namespace, long time);

    void registerEventTimeTimer(N namespace, long time);

    void deleteEventTimeTimer(N namespace, long time);
}
