package io.eddy.streaming.api.windowing.triggers;

import java.io.Serializable;

/** A distance between two elements, for {@link DeltaTrigger} and {@code DeltaEvictor}. */
@FunctionalInterface
public interface DeltaFunction<T> extends Serializable {

    double getDelta(T oldPoint, T newPoint);
}
