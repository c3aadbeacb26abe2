package io.eddy.runtime.timers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.base.EnumSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.runtime.operators.ManualTimerService;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.KeyGroupedSnapshotable;
import io.eddy.runtime.state.VoidNamespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HeapInternalTimerServiceTest {

    private static final int MAX_PARALLELISM = 128;
    private static final EnumSerializer<VoidNamespace> VOID = new EnumSerializer<>(VoidNamespace.class);

    private final ManualTimerService clock = new ManualTimerService(1_000);
    private final List<String> fired = new ArrayList<>();

    private HeapKeyedStateBackend backend(int first, int last) {
        return new HeapKeyedStateBackend("Timers (1/1)", Types.STRING, new SerializerConfig(), MAX_PARALLELISM, first, last);
    }

    /** Records each firing as "domain:key@time", checking the backend's current key is the timer's. */
    private Triggerable<String, VoidNamespace> recorder(HeapKeyedStateBackend backend) {
        return new Triggerable<>() {
            @Override
            public void onEventTime(InternalTimer<String, VoidNamespace> timer) {
                assertThat(backend.getCurrentKey()).isEqualTo(timer.key());
                fired.add("event:" + timer.key() + "@" + timer.timestamp());
            }

            @Override
            public void onProcessingTime(InternalTimer<String, VoidNamespace> timer) {
                assertThat(backend.getCurrentKey()).isEqualTo(timer.key());
                fired.add("proc:" + timer.key() + "@" + timer.timestamp());
            }
        };
    }

    private HeapInternalTimerService<String, VoidNamespace> service(HeapKeyedStateBackend backend) {
        return new HeapInternalTimerService<>("user-timers", "Timers (1/1)", backend, VOID, clock, recorder(backend));
    }

    private static void register(HeapKeyedStateBackend backend, InternalTimerService<VoidNamespace> timers, String key, long time) {
        backend.setCurrentKey(key);
        timers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Test
    void eventTimeTimersFireInTimeOrderUpToTheWatermark() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend);
        register(backend, timers, "c", 30);
        register(backend, timers, "a", 10);
        register(backend, timers, "b", 20);
        register(backend, timers, "a", 40);

        timers.advanceWatermark(25);
        assertThat(fired).containsExactly("event:a@10", "event:b@20");
        assertThat(timers.currentWatermark()).isEqualTo(25);
        timers.advanceWatermark(40);
        assertThat(fired).containsExactly("event:a@10", "event:b@20", "event:c@30", "event:a@40");
        assertThat(timers.numEventTimeTimers()).isZero();
    }

    @Test
    void registeringTheSameTimerTwiceKeepsOneAndDeleteRemovesIt() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend);
        register(backend, timers, "a", 10);
        register(backend, timers, "a", 10);
        register(backend, timers, "b", 10);
        register(backend, timers, "a", 11);
        assertThat(timers.numEventTimeTimers()).isEqualTo(3);

        backend.setCurrentKey("b");
        timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, 10);
        timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, 99); // none: no effect
        timers.advanceWatermark(100);
        assertThat(fired).containsExactly("event:a@10", "event:a@11");
    }

    @Test
    void manyRandomTimersComeOutSortedAndDeletedOnesNever() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        List<Long> firedTimes = new ArrayList<>();
        HeapInternalTimerService<String, VoidNamespace> timers = new HeapInternalTimerService<>("t", "Op (1/1)", backend, VOID, clock,
                new Triggerable<>() {
                    @Override
                    public void onEventTime(InternalTimer<String, VoidNamespace> timer) {
                        firedTimes.add(timer.timestamp());
                    }

                    @Override
                    public void onProcessingTime(InternalTimer<String, VoidNamespace> timer) {}
                });
        Random random = new Random(7);
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            long time = random.nextInt(100_000);
            String key = "k" + i;
            register(backend, timers, key, time);
            if (i % 3 == 0) {
                timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, time);
            } else {
                expected.add(time);
            }
        }
        timers.advanceWatermark(Long.MAX_VALUE);
        assertThat(firedTimes).isSorted().containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void aTimerRegisteredWhileFiringFiresInTheSameAdvanceIfDue() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        List<Long> times = new ArrayList<>();
        HeapInternalTimerService<String, VoidNamespace>[] holder = new HeapInternalTimerService[1];
        holder[0] = new HeapInternalTimerService<>("t", "Op (1/1)", backend, VOID, clock, new Triggerable<>() {
            @Override
            public void onEventTime(InternalTimer<String, VoidNamespace> timer) {
                times.add(timer.timestamp());
                if (timer.timestamp() == 5) {
                    holder[0].registerEventTimeTimer(VoidNamespace.INSTANCE, 8);
                    holder[0].registerEventTimeTimer(VoidNamespace.INSTANCE, 50);
                }
            }

            @Override
            public void onProcessingTime(InternalTimer<String, VoidNamespace> timer) {}
        });
        register(backend, holder[0], "a", 5);
        holder[0].advanceWatermark(10);
        assertThat(times).containsExactly(5L, 8L);
    }

    @Test
    void processingTimeTimersFireThroughTheTasksTimerServiceWhenTheClockPassesThem() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend);
        backend.setCurrentKey("a");
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_500);
        backend.setCurrentKey("b");
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_200);
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_200);
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_900);
        timers.deleteProcessingTimeTimer(VoidNamespace.INSTANCE, 1_900);
        assertThat(clock.pendingDueTimes()).as("one callback, at the earliest timer").containsExactly(1_200L);

        clock.advance(250);
        assertThat(fired).containsExactly("proc:b@1200");
        assertThat(clock.pendingDueTimes()).containsExactly(1_500L);
        clock.advance(1_000);
        assertThat(fired).containsExactly("proc:b@1200", "proc:a@1500");
        assertThat(clock.pendingDueTimes()).as("the deleted timer needs no callback").isEmpty();
        assertThat(timers.currentProcessingTime()).isEqualTo(2_250);
    }

    @Test
    void closeCancelsTheScheduledCallbackButKeepsTheTimers() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend);
        backend.setCurrentKey("a");
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_100);
        timers.close();
        clock.advance(500);
        assertThat(fired).isEmpty();
        assertThat(timers.numProcessingTimeTimers()).isEqualTo(1);
    }

    @Test
    void registeringWithoutACurrentKeyFailsWithAClearMessage() {
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend(0, MAX_PARALLELISM - 1));
        assertThatThrownBy(() -> timers.registerEventTimeTimer(VoidNamespace.INSTANCE, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("user-timers")
                .hasMessageContaining("no current key");
    }

    @Test
    void snapshotAndRestoreByKeyGroupAlsoIntoAnotherKeyGroupRange() throws Exception {
        HeapKeyedStateBackend backend = backend(0, MAX_PARALLELISM - 1);
        HeapInternalTimerService<String, VoidNamespace> timers = service(backend);
        List<String> keys = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        for (int i = 0; i < keys.size(); i++) {
            register(backend, timers, keys.get(i), 100 + i);
            backend.setCurrentKey(keys.get(i));
            timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, 1_000 + 10 * i);
        }
        KeyGroupedSnapshotable.KeyGroupWriter writer = timers.snapshot();
        register(backend, timers, "z", 1); // after the snapshot: not in it
        timers.close();
        clock.advance(4_000); // the job is down while the processing-time timers pass
        assertThat(timers.snapshotName()).isEqualTo("_timers/user-timers");

        // Restore only the lower half of the key groups, as a rescaled subtask would.
        int last = MAX_PARALLELISM / 2 - 1;
        HeapKeyedStateBackend restoredBackend = backend(0, last);
        HeapInternalTimerService<String, VoidNamespace> restored = service(restoredBackend);
        for (int keyGroup = 0; keyGroup <= last; keyGroup++) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            writer.writeKeyGroup(keyGroup, out);
            restored.restoreKeyGroup(keyGroup, new DataInputDeserializer(out.getCopyOfBuffer()));
        }
        List<String> expectedEvent = new ArrayList<>();
        List<String> expectedProc = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (KeyGroups.keyGroupFor(keys.get(i), MAX_PARALLELISM) <= last) {
                expectedEvent.add("event:" + keys.get(i) + "@" + (100 + i));
                expectedProc.add("proc:" + keys.get(i) + "@" + (1_000 + 10 * i));
            }
        }
        assertThat(expectedEvent).as("the test keys must span both halves").isNotEmpty().hasSizeLessThan(keys.size());

        restored.advanceWatermark(Long.MAX_VALUE);
        assertThat(fired).containsExactlyElementsOf(expectedEvent);
        fired.clear();
        clock.advance(0); // processing-time timers whose time passed fire right after the restore
        assertThat(fired).containsExactlyElementsOf(expectedProc);
    }
}
