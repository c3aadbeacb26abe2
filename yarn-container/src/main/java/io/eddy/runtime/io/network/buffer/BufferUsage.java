package io.eddy.runtime.io.network.buffer;

/**
 * How many of the network buffers a task's input or output may hold are held now (docs/monitoring.md,
 * "Metrics"): a full output pool means the consumers do not take buffers as fast as the task fills
 * them; a full input means the task does not read as fast as its producers send. A value.
 *
 * @param inUse buffers held now: taken and not yet recycled
 * @param capacity the most it may hold at once; 0 for an input or output without network buffers
 */
public record BufferUsage(int inUse, int capacity) {

    /** No network buffers. */
    public static final BufferUsage NONE = new BufferUsage(0, 0);

    public BufferUsage {
        if (inUse < 0 || capacity < 0) {
            throw new IllegalArgumentException("buffer usage " + inUse + " of " + capacity);
        }
    }

    /** This usage and {@code other}'s together. */
    public BufferUsage plus(BufferUsage other) {
        return new BufferUsage(inUse + other.inUse, capacity + other.capacity);
    }

    /** The share in use, 0 to 1 (0 without capacity). */
    public double ratio() {
        return capacity == 0 ? 0 : Math.min(1.0, (double) inUse / capacity);
    }
}
