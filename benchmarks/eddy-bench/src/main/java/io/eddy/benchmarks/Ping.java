package io.eddy.benchmarks;

/** A latency probe: a key to route it by and the {@code System.nanoTime()} at which it was sent. */
public record Ping(int key, long sentNanos) {}
