package io.eddy.jobgraph;

/** How the data of an edge moves from producer to consumer. */
public enum ExchangeMode {
    /** The consumer reads while the producer writes, through bounded buffers with back pressure. */
    PIPELINED,
    /** The producer's output is materialized first; the consumer starts when the producer has finished. */
    BLOCKING
}
