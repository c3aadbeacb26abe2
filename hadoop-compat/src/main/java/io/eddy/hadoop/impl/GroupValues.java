package io.eddy.hadoop.impl;

import io.eddy.api.java.tuple.Tuple2;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The values of one group of {@code Tuple2<key, value>} records, for a Hadoop reducer: the group's
 * first record's value (taken to read the group's key), then the others'. Iterable once, as the
 * group itself.
 */
public final class GroupValues<K, V> implements Iterator<V>, Iterable<V> {

    private Tuple2<K, V> first;
    private final Iterator<Tuple2<K, V>> rest;
    private boolean iterated;

    private GroupValues(Tuple2<K, V> first, Iterator<Tuple2<K, V>> rest) {
        this.first = first;
        this.rest = rest;
    }

    /** The values of {@code group}, which has at least one record; {@link #key()} is its first key. */
    public static <K, V> GroupValues<K, V> of(Iterable<Tuple2<K, V>> group) {
        Iterator<Tuple2<K, V>> records = group.iterator();
        return new GroupValues<>(records.next(), records);
    }

    /** The key of the group's first record. */
    public K key() {
        if (first == null) {
            throw new IllegalStateException("the group's key is read before its values");
        }
        return first.f0;
    }

    @Override
    public Iterator<V> iterator() {
        if (iterated) {
            throw new IllegalStateException("a group's values can be iterated once");
        }
        iterated = true;
        return this;
    }

    @Override
    public boolean hasNext() {
        return first != null || rest.hasNext();
    }

    @Override
    public V next() {
        if (first != null) {
            V value = first.f1;
            first = null;
            return value;
        }
        if (!rest.hasNext()) {
            throw new NoSuchElementException("no more values in this group");
        }
        return rest.next().f1;
    }
}
