package io.eddy.api.common.state;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Time to live of keyed state: a value not written (or, with {@link UpdateType#ON_READ_AND_WRITE},
 * not read or written) for longer than the time to live is expired. Expired values are never
 * returned; the heap backend drops them when they are next accessed and leaves them out of
 * snapshots. Time is the processing time of the task.
 *
 * <p>TTL applies per value of a key (and namespace): for list and map state, the whole list or map
 * of the key expires together. Created with {@link #newBuilder(Duration)}, enabled with {@link
 * StateDescriptor#enableTimeToLive(StateTtlConfig)}.
 */
public final class StateTtlConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /** When the last-access time of a value is refreshed. */
    public enum UpdateType {
        /** When the value is created or written. */
        ON_CREATE_AND_WRITE,
        /** When the value is created, written or read. */
        ON_READ_AND_WRITE
    }

    /** Whether expired values that were not dropped yet may be returned. */
    public enum StateVisibility {
        /** An expired value is never returned: reading it drops it and reads "no value". */
        NEVER_RETURN_EXPIRED
    }

    private final long ttlMillis;
    private final UpdateType updateType;
    private final StateVisibility visibility;

    private StateTtlConfig(long ttlMillis, UpdateType updateType, StateVisibility visibility) {
        this.ttlMillis = ttlMillis;
        this.updateType = updateType;
        this.visibility = visibility;
    }

    /** A builder for values that live {@code timeToLive} (at least one millisecond) after their last update. */
    public static Builder newBuilder(Duration timeToLive) {
        return new Builder(timeToLive);
    }

    public long getTtlMillis() {
        return ttlMillis;
    }

    public UpdateType getUpdateType() {
        return updateType;
    }

    public StateVisibility getStateVisibility() {
        return visibility;
    }

    @Override
    public String toString() {
        return "StateTtlConfig{ttl=" + ttlMillis + "ms, update=" + updateType + ", visibility=" + visibility + "}";
    }

    /** Builds a {@link StateTtlConfig}; by default the time is refreshed on create and write. */
    public static final class Builder {
        private final long ttlMillis;
        private UpdateType updateType = UpdateType.ON_CREATE_AND_WRITE;
        private StateVisibility visibility = StateVisibility.NEVER_RETURN_EXPIRED;

        private Builder(Duration timeToLive) {
            Objects.requireNonNull(timeToLive, "timeToLive");
            if (timeToLive.toMillis() < 1) {
                throw new IllegalArgumentException("StateTtlConfig.newBuilder: time to live " + timeToLive
                        + " (expected: at least 1 ms)");
            }
            this.ttlMillis = timeToLive.toMillis();
        }

        public Builder setUpdateType(UpdateType updateType) {
            this.updateType = Objects.requireNonNull(updateType, "updateType");
            return this;
        }

        public Builder updateTtlOnCreateAndWrite() {
            return setUpdateType(UpdateType.ON_CREATE_AND_WRITE);
        }

        public Builder updateTtlOnReadAndWrite() {
            return setUpdateType(UpdateType.ON_READ_AND_WRITE);
        }

        public Builder setStateVisibility(StateVisibility visibility) {
            this.visibility = Objects.requireNonNull(visibility, "visibility");
            return this;
        }

        public Builder neverReturnExpired() {
            return setStateVisibility(StateVisibility.NEVER_RETURN_EXPIRED);
        }

        public StateTtlConfig build() {
            return new StateTtlConfig(ttlMillis, updateType, visibility);
        }
    }
}
