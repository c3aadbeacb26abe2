package io.eddy.api.common.io;

/** A split whose data lives on particular hosts (e.g. the DataNodes of an HDFS block). */
public interface LocatableInputSplit extends InputSplit {

    /** The hosts that hold the split's data locally; empty when unknown. Never null. */
    String[] getHostnames();
}
