package io.eddy.jobgraph;

import java.io.Serializable;
import java.util.UUID;

/** The id of a job, unique across submissions. */
public record JobId(long upper, long lower) implements Serializable {

    public static JobId generate() {
        UUID u = UUID.randomUUID();
        return new JobId(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

    /** Parses the 32 hex digits {@link #toString()} prints. */
    public static JobId fromHex(String hex) {
        if (hex.length() != 32) {
            throw new IllegalArgumentException("job id: '" + hex + "' (expected: 32 hex digits, as printed by 'eddy list')");
        }
        return new JobId(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }

    @Override
    public String toString() {
        return String.format("%016x%016x", upper, lower);
    }
}
