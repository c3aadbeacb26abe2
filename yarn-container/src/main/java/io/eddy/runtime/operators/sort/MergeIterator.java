package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges sorted inputs into one sorted sequence: a binary min-heap holds the current head record
 * of every input that is not exhausted. The input whose head was handed out last is advanced
 * lazily, at the next call, so a returned record stays valid until then without a copy.
 *
 * <p>With {@link #next(Object)} each input reuses its own head object; with {@link #next()} every
 * record read is a fresh object. Do not mix the two on one iterator.
 *
 * <p>Not thread-safe: owned by the thread that consumes the merged sequence.
 */
public final class MergeIterator<T> implements MutableObjectIterator<T> {

    private final List<MutableObjectIterator<T>> inputs;
    private final TypeComparator<T> comparator;
    /** Heap of input indexes, ordered by their head records; {@code heap[0]} is the smallest. */
    private final int[] heap;
    private final Object[] heads;
    private int heapSize;
    private boolean initialized;
    /** The input whose head was returned by the last call, still to be advanced; -1 if none. */
    private int pending = -1;

    /**
     * @param inputs each sorted by {@code comparator}
     * @param comparator the sort key; used by this iterator only (pass a duplicate if shared)
     */
    public MergeIterator(List<? extends MutableObjectIterator<T>> inputs, TypeComparator<T> comparator) {
        this.inputs = new ArrayList<>(inputs);
        this.comparator = comparator;
        this.heap = new int[inputs.size()];
        this.heads = new Object[inputs.size()];
    }

    @Override
    public T next(T reuse) throws IOException {
        return advance(true);
    }

    @Override
    public T next() throws IOException {
        return advance(false);
    }

    @SuppressWarnings("unchecked")
    private T advance(boolean reuse) throws IOException {
        if (!initialized) {
            initialized = true;
            for (int i = 0; i < inputs.size(); i++) {
                T head = inputs.get(i).next();
                if (head != null) {
                    heads[i] = head;
                    heap[heapSize] = i;
                    siftUp(heapSize++);
                }
            }
        } else if (pending >= 0) {
            MutableObjectIterator<T> input = inputs.get(pending);
            T head = reuse ? input.next((T) heads[pending]) : input.next();
            if (head == null) {
                heads[pending] = null;
                heap[0] = heap[--heapSize];
            } else {
                heads[pending] = head;
            }
            if (heapSize > 0) {
                siftDown(0);
            }
        }
        if (heapSize == 0) {
            pending = -1;
            return null;
        }
        pending = heap[0];
        return (T) heads[pending];
    }

    @SuppressWarnings("unchecked")
    private int compareAt(int heapPosA, int heapPosB) {
        return comparator.compare((T) heads[heap[heapPosA]], (T) heads[heap[heapPosB]]);
    }

    private void siftUp(int pos) {
        while (pos > 0) {
            int parent = (pos - 1) / 2;
            if (compareAt(pos, parent) >= 0) {
                return;
            }
            swap(pos, parent);
            pos = parent;
        }
    }

    private void siftDown(int pos) {
        while (true) {
            int child = 2 * pos + 1;
            if (child >= heapSize) {
                return;
            }
            if (child + 1 < heapSize && compareAt(child + 1, child) < 0) {
                child++;
            }
            if (compareAt(pos, child) <= 0) {
                return;
            }
            swap(pos, child);
            pos = child;
        }
    }

    private void swap(int a, int b) {
        int t = heap[a];
        heap[a] = heap[b];
        heap[b] = t;
    }
}
