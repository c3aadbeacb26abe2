package io.eddy.optimizer;

/**
 * The estimated cost of one alternative: bytes sent over the network, bytes written to and read
 * from disk, and CPU work (bytes handled, weighted by what is done to them). Compared by their
 * sum ({@link #total()}). Immutable.
 */
record Costs(double network, double disk, double cpu) {

    static final Costs ZERO = new Costs(0, 0, 0);

    Costs plus(Costs other) {
        return new Costs(network + other.network, disk + other.disk, cpu + other.cpu);
    }

    double total() {
        return network + disk + cpu;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "network=%.0f, disk=%.0f, cpu=%.0f", network, disk, cpu);
    }
}
