package io.eddy.api.common.operators;

/** The direction of a sort: of a group ({@code sortGroup}), a partition ({@code sortPartition}) or a range partitioning. */
public enum Order {
    ASCENDING,
    DESCENDING;

    /** Whether this order sorts ascending. */
    public boolean isAscending() {
        return this == ASCENDING;
    }

    /** {@code ASC} or {@code DESC}, as the plan prints it. */
    public String shortName() {
        return this == ASCENDING ? "ASC" : "DESC";
    }
}
