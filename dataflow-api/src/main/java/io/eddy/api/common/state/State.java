package io.eddy.api.common.state;

/** State of one key (for keyed state) held by the runtime for an operator. */
public interface State {

    /** Removes the value of the current key. */
    void clear();
}
