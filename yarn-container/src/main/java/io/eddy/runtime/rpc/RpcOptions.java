package io.eddy.runtime.rpc;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.MemorySize;

import java.time.Duration;

/** Configuration options of the control-protocol transport; read with {@link RpcSettings#fromConfiguration}. */
public final class RpcOptions {

    private RpcOptions() {}

    public static final ConfigOption<MemorySize> MAX_FRAME_SIZE = ConfigOption.of("rpc.max-frame-size", MemorySize.class,
            MemorySize.ofMebiBytes(256),
            "Largest control-protocol frame (one message, e.g. a deployment carrying a job jar). Both ends must use "
                    + "the same value; at most 2g.");

    public static final ConfigOption<Duration> HEARTBEAT_INTERVAL = ConfigOption.of("rpc.heartbeat.interval", Duration.class,
            Duration.ofSeconds(1), "A connection that sent nothing for this long sends a heartbeat.");

    public static final ConfigOption<Duration> HEARTBEAT_TIMEOUT = ConfigOption.of("rpc.heartbeat.timeout", Duration.class,
            Duration.ofSeconds(10),
            "A connection that received nothing (not even a heartbeat) for this long is closed: the peer is "
                    + "considered dead or hung. Must be larger than rpc.heartbeat.interval.");

    public static final ConfigOption<Duration> HANDSHAKE_TIMEOUT = ConfigOption.of("rpc.handshake.timeout", Duration.class,
            Duration.ofSeconds(5), "A peer that does not complete authentication within this time is disconnected.");

    public static final ConfigOption<Integer> SERVER_THREADS = ConfigOption.of("rpc.server.threads", Integer.class, 2,
            "Netty event loop threads of a control-protocol server (eddy-rpc-server-*).");
}
