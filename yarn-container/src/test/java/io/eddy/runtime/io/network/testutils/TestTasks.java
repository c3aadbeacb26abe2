package io.eddy.runtime.io.network.testutils;

import io.eddy.runtime.io.network.api.ChannelSelector;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntUnaryOperator;

/** Producer and consumer loops as a task would run them, with checks. */
public final class TestTasks {

    private TestTasks() {}

    /**
     * Emits {@code count} records of {@code producer} (payload size per sequence number from
     * {@code payloadSize}), closes the writer and finishes the partition.
     */
    public static void produce(ResultPartition partition, ChannelSelector<TestRecord> selector, int producer, int count,
            long bufferTimeout, IntUnaryOperator payloadSize) throws Exception {
        RecordWriter<TestRecord> writer = new RecordWriter<>(partition, selector, TestRecordSerializer.INSTANCE, bufferTimeout);
        try {
            for (int i = 0; i < count; i++) {
                writer.emit(TestRecord.of(producer, i, payloadSize.applyAsInt(i)));
            }
        } finally {
            writer.close();
        }
        partition.finish();
    }

    /**
     * Reads until END_OF_INPUT, checking that channel i carries only records of producer i, in
     * increasing sequence order, with intact payloads.
     *
     * @return the number of records per producer
     */
    public static long[] consume(InputGate gate, int producers) throws Exception {
        return consume(new RecordInput<>(gate, TestRecordSerializer.INSTANCE), producers);
    }

    /** {@link #consume(InputGate, int)} through {@code input} (which it closes). */
    public static long[] consume(RecordInput<TestRecord> input, int producers) throws Exception {
        long[] counts = new long[producers];
        long[] last = new long[producers];
        Arrays.fill(last, -1);
        try {
            while (true) {
                InputStatus status = input.pollNext();
                if (status == InputStatus.RECORD) {
                    TestRecord record = input.record();
                    int producer = record.producer();
                    if (producer != input.channelIndex() || record.sequence() <= last[producer] || !record.payloadIntact()) {
                        throw new AssertionError("Out of order or corrupt on channel " + input.channelIndex() + ": " + record
                                + " after sequence " + last[Math.min(producer, producers - 1)]);
                    }
                    last[producer] = record.sequence();
                    counts[producer]++;
                } else if (status == InputStatus.NOTHING_AVAILABLE) {
                    input.getAvailableFuture().get(30, TimeUnit.SECONDS);
                } else if (status == InputStatus.END_OF_INPUT) {
                    return counts;
                } else if (!(input.event() instanceof EndOfPartitionEvent)) {
                    throw new AssertionError("Unexpected event " + input.event());
                }
            }
        } finally {
            input.close();
        }
    }
}
