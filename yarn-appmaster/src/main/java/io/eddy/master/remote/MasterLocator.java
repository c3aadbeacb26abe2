package io.eddy.master.remote;

import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;

/**
 * Finds a job's master again after a client lost its connection to it, for targets whose master
 * can come back elsewhere: the {@code yarn} and {@code yarn-session} targets look in the YARN
 * application report, where a restarted ApplicationMaster serves (docs/yarn.md, "A client follows
 * its job"). With one, a {@link RemoteJobClient} follows its job to that master ({@link
 * JobReattachment}); without one (the plain {@code remote} target) it fails when the connection is
 * lost.
 *
 * <p>Threads: used by one thread at a time (the client's reattach thread). {@link #locate} may call
 * a remote service but never waits for a change: the caller polls.
 */
public interface MasterLocator extends AutoCloseable {

    /** How long a client waits for the master to serve again before it gives up on the job. */
    Duration reattachTimeout();

    /** The setting that sets {@link #reattachTimeout()}, for messages (e.g. {@code eddy.yarn.client.reattach-timeout}). */
    String reattachTimeoutSetting();

    /**
     * Where the master is now: one look, no waiting.
     *
     * @throws IOException if the look fails (the caller looks again until its timeout)
     */
    Location locate() throws IOException;

    /** Releases what the locator holds (e.g. its YARN client); idempotent. */
    @Override
    void close();

    /** What a {@link #locate} found. */
    sealed interface Location permits Serving, Starting, Gone {}

    /**
     * A master serves at {@code address}.
     *
     * @param description what the client sees there, for its console, e.g. {@code the ApplicationMaster was restarted (attempt 2)}
     */
    record Serving(InetSocketAddress address, Secret secret, String description) implements Location {
        public Serving {
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(description, "description");
        }
    }

    /** No master serves yet, but one may, e.g. while YARN starts a new ApplicationMaster attempt. */
    record Starting(String state) implements Location {
        public Starting {
            Objects.requireNonNull(state, "state");
        }
    }

    /** No master will serve again, e.g. the YARN application ended; {@code reason} says how. */
    record Gone(String reason) implements Location {
        public Gone {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
