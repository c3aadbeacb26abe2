package io.eddy.api.common.state;

import java.util.List;

/** A list of values per key. */
public interface ListState<T> extends State {

    /** The values of the current key, in insertion order; empty (never null) when there are none. */
    Iterable<T> get() throws Exception;

    void add(T value) throws Exception;

    void addAll(List<T> values) throws Exception;

    /** Replaces the values of the current key. */
    void update(List<T> values) throws Exception;
}
