package io.eddy.api.common.state;

/** One value per key. */
public interface ValueState<T> extends State {

    /** The value of the current key, or the descriptor's default (null unless given) when there is none. */
    T value() throws Exception;

    /** Sets the value of the current key; {@code null} clears it. */
    void update(T value) throws Exception;
}
