package io.eddy.runtime.io.network.testutils;

import java.util.Arrays;

/**
 * A record for network tests: who produced it, its sequence number on its channel, and a payload
 * whose bytes are derived from both, so corruption is detected.
 */
public record TestRecord(int producer, long sequence, byte[] payload) {

    public static TestRecord of(int producer, long sequence, int payloadSize) {
        byte[] payload = new byte[payloadSize];
        for (int i = 0; i < payloadSize; i++) {
            payload[i] = expectedByte(producer, sequence, i);
        }
        return new TestRecord(producer, sequence, payload);
    }

    static byte expectedByte(int producer, long sequence, int index) {
        return (byte) (producer * 31 + sequence * 17 + index);
    }

    /** Whether the payload holds the bytes {@link #of} puts there. */
    public boolean payloadIntact() {
        for (int i = 0; i < payload.length; i++) {
            if (payload[i] != expectedByte(producer, sequence, i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TestRecord r && r.producer == producer && r.sequence == sequence && Arrays.equals(r.payload, payload);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sequence) * 31 + producer;
    }

    @Override
    public String toString() {
        return "TestRecord(" + producer + ", " + sequence + ", " + payload.length + " bytes)";
    }
}
