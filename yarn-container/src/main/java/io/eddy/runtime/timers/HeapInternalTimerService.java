package io.eddy.runtime.timers;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.TimerService;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.KeyGroupedSnapshotable;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * The {@link InternalTimerService} of a keyed operator: two {@link TimerQueue}s (event time and
 * processing time) over the key groups of the operator's keyed backend, scoped to the backend's
 * current key.
 *
 * <ul>
 *   <li>Event-time timers fire in {@link #advanceWatermark}, which the operator calls for each
 *       watermark before forwarding it.
 *   <li>Processing-time timers: one callback of the task's {@link TimerService} at a time, due at
 *       the earliest timer; it runs as a mail on the task thread, fires every timer that is due and
 *       schedules the next one.
 *   <li>Snapshots: a {@link KeyGroupedSnapshotable} of the keyed backend named {@code
 *       "_timers/<name>"}. Per key group the section is {@code int n, n × (long time, key,
 *       namespace)} for event time, then the same for processing time.
 * </ul>
 *
 * <p>Before firing a timer the service makes its key the backend's current key, so the triggered
 * code sees that key's state. Task thread only (the snapshot writer copies first, see {@link #snapshot()}).
 */
public final class HeapInternalTimerService<K, N> implements InternalTimerService<N>, KeyGroupedSnapshotable {

    private final String name;
    private final String operatorName;
    private final HeapKeyedStateBackend backend;
    private final TypeSerializer<N> namespaceSerializer;
    private final TimerService processingTimeService;
    private final Triggerable<K, N> triggerable;
    private final TimerQueue<K, N> eventTimeTimers;
    private final TimerQueue<K, N> processingTimeTimers;
    private long currentWatermark = Long.MIN_VALUE;
    /** The due time of the scheduled processing-time callback, or Long.MAX_VALUE if none is scheduled. */
    private long scheduledTime = Long.MAX_VALUE;
    private TimerService.Timer scheduled;

    /**
     * @param name the service's name, unique within the operator (its snapshot section is {@code "_timers/" + name})
     * @param operatorName the operator's name with subtask, for errors
     * @param backend the operator's keyed backend: key groups and the current key
     * @param namespaceSerializer writes the namespaces in snapshots
     * @param processingTimeService the task's processing-time timers (callbacks run as mails)
     * @param triggerable called when timers fire
     */
    public HeapInternalTimerService(String name, String operatorName, HeapKeyedStateBackend backend, TypeSerializer<N> namespaceSerializer,
            TimerService processingTimeService, Triggerable<K, N> triggerable) {
        this.name = Objects.requireNonNull(name, "name");
        this.operatorName = operatorName;
        this.backend = Objects.requireNonNull(backend, "backend");
        this.namespaceSerializer = Objects.requireNonNull(namespaceSerializer, "namespaceSerializer");
        this.processingTimeService = Objects.requireNonNull(processingTimeService, "processingTimeService");
        this.triggerable = Objects.requireNonNull(triggerable, "triggerable");
        this.eventTimeTimers = new TimerQueue<>(backend.getFirstKeyGroup(), backend.getLastKeyGroup());
        this.processingTimeTimers = new TimerQueue<>(backend.getFirstKeyGroup(), backend.getLastKeyGroup());
    }

    public String name() {
        return name;
    }

    @Override
    public long currentProcessingTime() {
        return processingTimeService.currentTimeMillis();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark;
    }

    @Override
    public void registerProcessingTimeTimer(N namespace, long time) {
        if (processingTimeTimers.add(entry(namespace, time))) {
            scheduleIfEarlier(time);
        }
    }

    @Override
    public void deleteProcessingTimeTimer(N namespace, long time) {
        // The scheduled callback stays: when it runs it finds nothing due and schedules the next.
        processingTimeTimers.remove(entry(namespace, time));
    }

    @Override
    public void registerEventTimeTimer(N namespace, long time) {
        eventTimeTimers.add(entry(namespace, time));
    }

    @Override
    public void deleteEventTimeTimer(N namespace, long time) {
        eventTimeTimers.remove(entry(namespace, time));
    }

    boolean hasTriggerable(Triggerable<?, ?> other) {
        return triggerable == other;
    }

    boolean hasNamespaceSerializer(TypeSerializer<?> other) {
        return namespaceSerializer.equals(other);
    }

    /** The number of event-time timers registered (for tests and metrics). */
    public int numEventTimeTimers() {
        return eventTimeTimers.size();
    }

    /** The number of processing-time timers registered (for tests and metrics). */
    public int numProcessingTimeTimers() {
        return processingTimeTimers.size();
    }

    /**
     * The event time advanced to {@code time}: fires every event-time timer at or before it, in time
     * order (a timer registered by a firing timer fires too if it is due).
     */
    @SuppressWarnings("unchecked")
    public void advanceWatermark(long time) throws Exception {
        currentWatermark = time;
        TimerHeapEntry<K, N> timer;
        while ((timer = eventTimeTimers.peek()) != null && timer.timestamp() <= time) {
            eventTimeTimers.poll();
            backend.setCurrentKey(timer.key());
            triggerable.onEventTime(timer);
        }
    }

    /** Fires the processing-time timers due at {@code time} (at least the time the callback was scheduled for). */
    private void onProcessingTime(long dueTime) throws Exception {
        scheduled = null;
        scheduledTime = Long.MAX_VALUE;
        long time = Math.max(dueTime, processingTimeService.currentTimeMillis());
        TimerHeapEntry<K, N> timer;
        while ((timer = processingTimeTimers.peek()) != null && timer.timestamp() <= time) {
            processingTimeTimers.poll();
            backend.setCurrentKey(timer.key());
            triggerable.onProcessingTime(timer);
        }
        if (timer != null) {
            scheduleIfEarlier(timer.timestamp());
        }
    }

    private void scheduleIfEarlier(long time) {
        if (time >= scheduledTime) {
            return;
        }
        if (scheduled != null) {
            scheduled.cancel();
        }
        scheduledTime = time;
        long delay = Math.max(0, time - processingTimeService.currentTimeMillis());
        scheduled = processingTimeService.schedule(delay, () -> {
            try {
                onProcessingTime(time);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(operatorName, OperatorFailureException.Phase.TIMER, e);
            }
        });
    }

    /** Cancels the scheduled processing-time callback; the timers stay (they are state). Task thread; idempotent. */
    public void close() {
        if (scheduled != null) {
            scheduled.cancel();
            scheduled = null;
            scheduledTime = Long.MAX_VALUE;
        }
    }

    @SuppressWarnings("unchecked")
    private TimerHeapEntry<K, N> entry(N namespace, long time) {
        Object key = backend.getCurrentKey();
        if (key == null) {
            throw new IllegalStateException("Timer service '" + name + "' of operator '" + operatorName + "': a timer was registered or "
                    + "deleted outside the processing of a keyed record or timer (no current key). Set timers only in processElement or onTimer.");
        }
        return new TimerHeapEntry<>(time, (K) key, Objects.requireNonNull(namespace, "namespace"), backend.getCurrentKeyGroup());
    }

    // ---- snapshots ----------------------------------------------------------------------------

    @Override
    public String snapshotName() {
        return "_timers/" + name;
    }

    /** Copies the timers of every key group (the entries themselves are immutable to the writer). Task thread. */
    @Override
    @SuppressWarnings("unchecked")
    public KeyGroupWriter snapshot() {
        int first = backend.getFirstKeyGroup();
        int count = Math.max(0, backend.getLastKeyGroup() - first + 1);
        List<TimerHeapEntry<K, N>>[] eventTime = new List[count];
        List<TimerHeapEntry<K, N>>[] processingTime = new List[count];
        for (int i = 0; i < count; i++) {
            eventTime[i] = eventTimeTimers.copyOfKeyGroup(first + i);
            processingTime[i] = processingTimeTimers.copyOfKeyGroup(first + i);
        }
        TypeSerializer<K> keySerializer = (TypeSerializer<K>) backend.keySerializer().duplicate();
        TypeSerializer<N> namespaces = namespaceSerializer.duplicate();
        return (keyGroup, out) -> {
            int index = keyGroup - first;
            if (index < 0 || index >= count) {
                throw new IllegalArgumentException("Bug: timers of key group " + keyGroup + " requested from a snapshot of key groups "
                        + first + " to " + (first + count - 1));
            }
            writeTimers(eventTime[index], keySerializer, namespaces, out);
            writeTimers(processingTime[index], keySerializer, namespaces, out);
        };
    }

    private static <K, N> void writeTimers(List<TimerHeapEntry<K, N>> timers, TypeSerializer<K> keySerializer,
            TypeSerializer<N> namespaceSerializer, DataOutputView out) throws IOException {
        out.writeInt(timers.size());
        for (TimerHeapEntry<K, N> timer : timers) {
            out.writeLong(timer.timestamp());
            keySerializer.serialize(timer.key(), out);
            namespaceSerializer.serialize(timer.namespace(), out);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void restoreKeyGroup(int keyGroup, DataInputView in) throws IOException {
        TypeSerializer<K> keySerializer = (TypeSerializer<K>) backend.keySerializer();
        readTimers(keyGroup, in, keySerializer, eventTimeTimers);
        readTimers(keyGroup, in, keySerializer, processingTimeTimers);
        TimerHeapEntry<K, N> head = processingTimeTimers.peek();
        if (head != null) {
            // Timers whose time passed while the job was down fire right away.
            scheduleIfEarlier(head.timestamp());
        }
    }

    private void readTimers(int keyGroup, DataInputView in, TypeSerializer<K> keySerializer, TimerQueue<K, N> queue) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("Corrupt timers of '" + operatorName + "' (service '" + name + "', key group " + keyGroup + "): count " + n);
        }
        for (int i = 0; i < n; i++) {
            long time = in.readLong();
            K key = keySerializer.deserialize(in);
            N namespace = namespaceSerializer.deserialize(in);
            queue.add(new TimerHeapEntry<>(time, key, namespace, keyGroup));
        }
    }

    @Override
    public String toString() {
        return "HeapInternalTimerService(" + name + " of " + operatorName + ": " + eventTimeTimers.size() + " event-time, "
                + processingTimeTimers.size() + " processing-time timers)";
    }
}
