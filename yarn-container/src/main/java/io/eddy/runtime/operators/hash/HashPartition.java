package io.eddy.runtime.operators.hash;

/**
 * One partition of a hybrid hash join level: in memory (its records in {@link #table}) or spilled
 * (its build records in {@link #buildSpill}, later its probe records in {@link #probeSpill}).
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class HashPartition {

    final int number;
    /** The records while in memory; null once spilled. */
    InMemoryTable table;
    SpillFile buildSpill;
    SpillFile probeSpill;
    long buildCount;
    long probeCount;

    HashPartition(int number, PagePool pool) {
        this.number = number;
        this.table = new InMemoryTable(pool);
    }

    boolean inMemory() {
        return table != null;
    }

    /** Record pages held while in memory; 0 when spilled. */
    int recordPages() {
        return table == null ? 0 : table.recordPages();
    }
}
