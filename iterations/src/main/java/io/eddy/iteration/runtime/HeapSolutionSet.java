package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.operators.util.TypePairComparator;

/**
 * A {@link SolutionSet} of records on the heap ({@code setSolutionSetUnManaged(true)}): a chained
 * hash table of copies of the records. No serialization per lookup or update, but memory the
 * garbage collector manages and the task's memory budget does not bound. All methods synchronize
 * on the set.
 */
public final class HeapSolutionSet<T> implements SolutionSet<T> {

    private static final int INITIAL_BUCKETS = 1 << 10;

    /** One record in a bucket's chain. */
    private static final class Entry {
        final int hash;
        Object record;
        Entry next;

        Entry(int hash, Object record, Entry next) {
            this.hash = hash;
            this.record = record;
            this.next = next;
        }
    }

    private final String name;
    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> keys;
    private Entry[] buckets = new Entry[INITIAL_BUCKETS];
    private long size;
    private boolean closed;

    /**
     * @param name what the set is, for errors ("solution set of iteration 'cc', lane 1/2")
     * @param serializer copies the records
     * @param keys the records' key comparator
     */
    public HeapSolutionSet(String name, TypeSerializer<T> serializer, TypeComparator<T> keys) {
        this.name = name;
        this.serializer = serializer.duplicate();
        this.keys = keys.duplicate();
    }

    @Override
    public synchronized void upsert(T record) {
        checkOpen();
        int hash = spread(keys.hash(record));
        keys.setReference(record);
        int b = hash & (buckets.length - 1);
        for (Entry e = buckets[b]; e != null; e = e.next) {
            if (e.hash == hash && keys.equalToReference(record(e))) {
                e.record = serializer.copy(record);
                return;
            }
        }
        buckets[b] = new Entry(hash, serializer.copy(record), buckets[b]);
        if (++size > buckets.length * 3L / 4 && buckets.length < (1 << 30)) {
            grow();
        }
    }

    @Override
    public <P> Lookup<P, T> lookup(TypeComparator<P> probeComparator) {
        TypeComparator<P> probeKeys = probeComparator.duplicate();
        TypePairComparator<P, T> pairs = TypePairComparator.of(probeKeys.duplicate(), keys.duplicate());
        return probe -> {
            synchronized (HeapSolutionSet.this) {
                checkOpen();
                int hash = spread(probeKeys.hash(probe));
                pairs.setReference(probe);
                for (Entry e = buckets[hash & (buckets.length - 1)]; e != null; e = e.next) {
                    if (e.hash == hash && pairs.equalToReference(record(e))) {
                        return serializer.copy(record(e));
                    }
                }
                return null;
            }
        };
    }

    @Override
    public synchronized long size() {
        return size;
    }

    @Override
    public synchronized void forEach(RecordConsumer<T> consumer) throws Exception {
        checkOpen();
        for (Entry head : buckets) {
            for (Entry e = head; e != null; e = e.next) {
                consumer.accept(serializer.copy(record(e)));
            }
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        buckets = new Entry[0];
        size = 0;
    }

    @SuppressWarnings("unchecked")
    private T record(Entry e) {
        return (T) e.record;
    }

    private void grow() {
        Entry[] larger = new Entry[buckets.length * 2];
        for (Entry head : buckets) {
            Entry e = head;
            while (e != null) {
                Entry next = e.next;
                int b = e.hash & (larger.length - 1);
                e.next = larger[b];
                larger[b] = e;
                e = next;
            }
        }
        buckets = larger;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("The " + name + " is closed (its loop ended or was cancelled)");
        }
    }

    /** Mixes the high bits of a key hash into the low ones, which pick the bucket. */
    private static int spread(int h) {
        return h ^ (h >>> 16) ^ (h >>> 8);
    }

    @Override
    public String toString() {
        return name + " (heap)";
    }
}
