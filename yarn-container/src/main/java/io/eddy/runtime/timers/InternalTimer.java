package io.eddy.runtime.timers;

/** A timer of a keyed operator: fires at {@link #timestamp()} for {@link #key()} in {@link #namespace()} (e.g. a window). */
public interface InternalTimer<K, N> {

    long timestamp();

    K key();

    N namespace();
}
