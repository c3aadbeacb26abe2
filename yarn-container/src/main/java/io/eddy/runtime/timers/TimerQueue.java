package io.eddy.runtime.timers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The timers of one time domain of one timer service: a binary min-heap by time over all timers
 * (each entry knows its position, so removal is O(log n)), and per key group a set of the timers of
 * that key group, which de-duplicates registrations and lets a snapshot or a restore work key
 * group by key group. Task thread only.
 *
 * <pre>
 *   heap:        [t=5 k=a] [t=7 k=b] [t=9 k=a] ...      ordered by time (equal times: any order)
 *   byKeyGroup:  kg 0 -> {t=5 k=a, t=9 k=a}   kg 3 -> {t=7 k=b}
 * </pre>
 */
final class TimerQueue<K, N> {

    private final int firstKeyGroup;
    private final Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>>[] byKeyGroup;
    @SuppressWarnings("unchecked")
    private TimerHeapEntry<K, N>[] heap = new TimerHeapEntry[16];
    private int size;

    /** A queue for the key groups {@code firstKeyGroup} to {@code lastKeyGroup}, inclusive. */
    @SuppressWarnings("unchecked")
    TimerQueue(int firstKeyGroup, int lastKeyGroup) {
        this.firstKeyGroup = firstKeyGroup;
        this.byKeyGroup = new Map[Math.max(0, lastKeyGroup - firstKeyGroup + 1)];
    }

    int size() {
        return size;
    }

    /** The earliest timer, or null. */
    TimerHeapEntry<K, N> peek() {
        return size == 0 ? null : heap[0];
    }

    /** Adds the timer unless an equal one is queued; true if added. */
    boolean add(TimerHeapEntry<K, N> entry) {
        Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>> set = setOf(entry.keyGroup(), true);
        if (set.putIfAbsent(entry, entry) != null) {
            return false;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = entry;
        entry.heapIndex = size;
        size++;
        siftUp(size - 1);
        return true;
    }

    /** Removes the timer equal to {@code probe}; true if there was one. */
    boolean remove(TimerHeapEntry<K, N> probe) {
        Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>> set = setOf(probe.keyGroup(), false);
        TimerHeapEntry<K, N> entry = set == null ? null : set.remove(probe);
        if (entry == null) {
            return false;
        }
        removeAt(entry.heapIndex);
        return true;
    }

    /** Removes and returns the earliest timer, or null. */
    TimerHeapEntry<K, N> poll() {
        if (size == 0) {
            return null;
        }
        TimerHeapEntry<K, N> head = heap[0];
        byKeyGroup[head.keyGroup() - firstKeyGroup].remove(head);
        removeAt(0);
        return head;
    }

    /** A copy of the timers of {@code keyGroup} (for a snapshot; the entries are immutable for readers). */
    List<TimerHeapEntry<K, N>> copyOfKeyGroup(int keyGroup) {
        Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>> set = setOf(keyGroup, false);
        return set == null || set.isEmpty() ? List.of() : new ArrayList<>(set.keySet());
    }

    private Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>> setOf(int keyGroup, boolean create) {
        int index = keyGroup - firstKeyGroup;
        if (index < 0 || index >= byKeyGroup.length) {
            throw new IllegalStateException("Bug: timer of key group " + keyGroup + " in a timer queue for key groups " + firstKeyGroup
                    + " to " + (firstKeyGroup + byKeyGroup.length - 1));
        }
        Map<TimerHeapEntry<K, N>, TimerHeapEntry<K, N>> set = byKeyGroup[index];
        if (set == null && create) {
            set = new HashMap<>();
            byKeyGroup[index] = set;
        }
        return set;
    }

    private void removeAt(int index) {
        TimerHeapEntry<K, N> removed = heap[index];
        removed.heapIndex = -1;
        size--;
        if (index == size) {
            heap[size] = null;
            return;
        }
        TimerHeapEntry<K, N> last = heap[size];
        heap[size] = null;
        heap[index] = last;
        last.heapIndex = index;
        siftDown(index);
        if (heap[index] == last) {
            siftUp(index);
        }
    }

    private void siftUp(int index) {
        TimerHeapEntry<K, N> entry = heap[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            TimerHeapEntry<K, N> p = heap[parent];
            if (p.timestamp() <= entry.timestamp()) {
                break;
            }
            heap[index] = p;
            p.heapIndex = index;
            index = parent;
        }
        heap[index] = entry;
        entry.heapIndex = index;
    }

    private void siftDown(int index) {
        TimerHeapEntry<K, N> entry = heap[index];
        int half = size >>> 1;
        while (index < half) {
            int child = 2 * index + 1;
            int right = child + 1;
            if (right < size && heap[right].timestamp() < heap[child].timestamp()) {
                child = right;
            }
            if (entry.timestamp() <= heap[child].timestamp()) {
                break;
            }
            heap[index] = heap[child];
            heap[index].heapIndex = index;
            index = child;
        }
        heap[index] = entry;
        entry.heapIndex = index;
    }
}
