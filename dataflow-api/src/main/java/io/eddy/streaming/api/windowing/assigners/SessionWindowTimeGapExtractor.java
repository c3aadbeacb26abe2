package io.eddy.streaming.api.windowing.assigners;

import java.io.Serializable;

/** Gives the session gap for an element, for sessions whose gap depends on the data ({@code withDynamicGap}). */
@FunctionalInterface
public interface SessionWindowTimeGapExtractor<T> extends Serializable {

    /** The gap in milliseconds after {@code element} that closes its session; must be positive. */
    long extract(T element);
}
