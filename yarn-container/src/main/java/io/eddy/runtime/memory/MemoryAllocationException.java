package io.eddy.runtime.memory;

/**
 * Thrown when the {@link MemoryManager} cannot hand out the pages an operator asked for: the
 * budget is exhausted, or the manager was closed. The message names the owner, the numbers and the
 * configuration key to raise.
 */
public class MemoryAllocationException extends Exception {

    private static final long serialVersionUID = 1L;

    public MemoryAllocationException(String message) {
        super(message);
    }

    public MemoryAllocationException(String message, Throwable cause) {
        super(message, cause);
    }
}
