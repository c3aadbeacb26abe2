package io.eddy.runtime.rpc;

import io.eddy.configuration.Configuration;

import java.time.Duration;
import java.util.Objects;

/**
 * Tunables of the control-protocol transport (frame limit, heartbeats, handshake timeout,
 * threads). Immutable; both ends of a connection should use the same values. Defaults come
 * from {@link RpcOptions}.
 */
public final class RpcSettings {

    private static final RpcSettings DEFAULTS = builder().build();

    private final int maxFrameSize;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    private final Duration handshakeTimeout;
    private final int serverThreads;

    private RpcSettings(Builder b) {
        this.maxFrameSize = b.maxFrameSize;
        this.heartbeatInterval = b.heartbeatInterval;
        this.heartbeatTimeout = b.heartbeatTimeout;
        this.handshakeTimeout = b.handshakeTimeout;
        this.serverThreads = b.serverThreads;
    }

    /** The defaults of {@link RpcOptions}. */
    public static RpcSettings defaults() {
        return DEFAULTS;
    }

    /** Settings from {@code config}, with the defaults of {@link RpcOptions} for unset keys. */
    public static RpcSettings fromConfiguration(Configuration config) {
        long frame = config.get(RpcOptions.MAX_FRAME_SIZE).bytes();
        if (frame > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(RpcOptions.MAX_FRAME_SIZE.key() + ": " + frame + " bytes (expected: < 2g)");
        }
        return builder()
                .maxFrameSize((int) frame)
                .heartbeat(config.get(RpcOptions.HEARTBEAT_INTERVAL), config.get(RpcOptions.HEARTBEAT_TIMEOUT))
                .handshakeTimeout(config.get(RpcOptions.HANDSHAKE_TIMEOUT))
                .serverThreads(config.get(RpcOptions.SERVER_THREADS))
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Largest frame in bytes (header and payload, without the 4-byte length prefix). */
    public int maxFrameSize() {
        return maxFrameSize;
    }

    public Duration heartbeatInterval() {
        return heartbeatInterval;
    }

    public Duration heartbeatTimeout() {
        return heartbeatTimeout;
    }

    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    public int serverThreads() {
        return serverThreads;
    }

    @Override
    public String toString() {
        return "RpcSettings{maxFrameSize=" + maxFrameSize + ", heartbeatInterval=" + heartbeatInterval
                + ", heartbeatTimeout=" + heartbeatTimeout + ", handshakeTimeout=" + handshakeTimeout
                + ", serverThreads=" + serverThreads + "}";
    }

    /** Builder of {@link RpcSettings}; starts from the defaults. */
    public static final class Builder {
        private int maxFrameSize = (int) RpcOptions.MAX_FRAME_SIZE.defaultValue().bytes();
        private Duration heartbeatInterval = RpcOptions.HEARTBEAT_INTERVAL.defaultValue();
        private Duration heartbeatTimeout = RpcOptions.HEARTBEAT_TIMEOUT.defaultValue();
        private Duration handshakeTimeout = RpcOptions.HANDSHAKE_TIMEOUT.defaultValue();
        private int serverThreads = RpcOptions.SERVER_THREADS.defaultValue();

        private Builder() {}

        public Builder maxFrameSize(int bytes) {
            if (bytes < FrameCodec.HEADER_SIZE) {
                throw new IllegalArgumentException("maxFrameSize: " + bytes + " (expected: >= " + FrameCodec.HEADER_SIZE + ")");
            }
            this.maxFrameSize = bytes;
            return this;
        }

        /** Heartbeat after {@code interval} without writes; close after {@code timeout} without reads. */
        public Builder heartbeat(Duration interval, Duration timeout) {
            Objects.requireNonNull(interval, "interval");
            Objects.requireNonNull(timeout, "timeout");
            if (interval.isNegative() || interval.isZero() || timeout.compareTo(interval) <= 0) {
                throw new IllegalArgumentException("heartbeat interval " + interval + ", timeout " + timeout
                        + " (expected: 0 < interval < timeout; e.g. 1s and 10s)");
            }
            this.heartbeatInterval = interval;
            this.heartbeatTimeout = timeout;
            return this;
        }

        public Builder handshakeTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("handshakeTimeout: " + timeout + " (expected: > 0)");
            }
            this.handshakeTimeout = timeout;
            return this;
        }

        public Builder serverThreads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("serverThreads: " + threads + " (expected: >= 1)");
            }
            this.serverThreads = threads;
            return this;
        }

        public RpcSettings build() {
            return new RpcSettings(this);
        }
    }
}
