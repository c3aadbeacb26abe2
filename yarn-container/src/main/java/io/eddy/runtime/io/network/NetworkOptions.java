package io.eddy.runtime.io.network;

import io.eddy.configuration.ConfigOption;

/** Configuration options of a worker process's network stack; read with {@link NetworkConfig#builder(io.eddy.configuration.Configuration)}. */
public final class NetworkOptions {

    private NetworkOptions() {}

    public static final ConfigOption<String> TRANSPORT = ConfigOption.of("network.transport", String.class, "auto",
            "Sockets of a worker process's data plane: 'auto' (Linux's native epoll where it loads, else the JDK's NIO), "
                    + "'nio' or 'epoll' (fails to start where epoll does not load).");
}
