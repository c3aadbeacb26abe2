package io.eddy.master.web;

import com.sun.net.httpserver.HttpServer;
import io.eddy.master.Master;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's read-only web endpoint, on the JDK's {@link HttpServer}: the URL a YARN
 * ApplicationMaster registers as its tracking URL, and what {@code MasterMain} prints.
 *
 * <pre>
 *   GET /            a small HTML page listing the jobs, each linking to its JSON
 *   GET /jobs        JSON: {"jobs": [{"id", "name", "status", "startTime", "startTimeIso", "tasks", "href"}, ...]}
 *   GET /jobs/&lt;id&gt;   JSON: one job as above, or 404 {"error": ..., "status": 404}
 * </pre>
 * Every other path is a 404, every method other than {@code GET} / {@code HEAD} a 405, both with a
 * JSON error. Nothing can be changed through it.
 *
 * <p>Links: the page's links and the JSON {@code href} fields are relative ({@code jobs}, {@code
 * jobs/<id>}), to be resolved against the endpoint's base URL ({@link #url()}, ending in {@code /}),
 * which is also the page's URL. So they work wherever the endpoint is mounted: directly, and
 * through the ResourceManager's web proxy, which serves the AM's tracking URL as {@code
 * http://<rm-webapp>/proxy/<application id>/} (with the trailing {@code /}, as the ResourceManager
 * reports and links it; without it a browser would resolve the links one level too high). The
 * endpoint needs no knowledge of the proxy's path ({@code APPLICATION_WEB_PROXY_BASE}).
 *
 * <p>Threads: the server's dispatcher thread accepts connections and hands each request to a small
 * bounded pool ({@value #THREADS} daemon threads {@code eddy-web-N}, {@value #QUEUE} queued
 * requests). A request asks the master through its futures ({@link Master#listJobs()}) and waits
 * for the answer on the pool thread, never on the master's main thread, which only builds the list.
 * When the queue is full the dispatcher thread runs the request itself, which stops it from
 * accepting more until then (the JDK server does not handle a rejected request). Thread-safe:
 * {@link #close} may be called from any thread, more than once.
 */
public final class MasterWebServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MasterWebServer.class);

    static final int THREADS = 2;
    static final int QUEUE = 32;

    private final HttpServer server;
    private final ThreadPoolExecutor executor;
    /** The pool's threads, so that {@link #close()} can wait until they have ended, not just finished their tasks. */
    private final List<Thread> threads;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The host as given to {@link #start}. */
    private final String host;
    /** Computed on first use (a wildcard address needs a name lookup); racy but idempotent. */
    private volatile String url;

    private MasterWebServer(HttpServer server, ThreadPoolExecutor executor, List<Thread> threads, String host) {
        this.server = server;
        this.executor = executor;
        this.threads = threads;
        this.host = host;
    }

    /** The purpose of the token that allows the dashboard's actions ({@link Secret#derivedToken}). */
    public static final String ACTION_TOKEN_PURPOSE = "web-actions";

    /** The token the dashboard's actions take on a cluster with {@code secret}: what 'eddy cluster status' prints. */
    public static String actionToken(Secret secret) {
        return secret.derivedToken(ACTION_TOKEN_PURPOSE);
    }

    /**
     * Starts serving {@code master} on {@code host:port}.
     *
     * @param host the address to listen on (a name or an IP; {@code 0.0.0.0} for all interfaces)
     * @param port the port, 0 for any free one
     * @throws IOException naming the address if it cannot be bound (e.g. the port is in use)
     * @throws IllegalArgumentException if {@code port} is outside 0..65535
     */
    public static MasterWebServer start(Master master, String host, int port) throws IOException {
        return start(master, host, port, null);
    }

    /**
     * Like {@link #start(Master, String, int)}, with the dashboard's actions (cancel, savepoint) on
     * for requests that present {@code secret}'s {@link #ACTION_TOKEN_PURPOSE} token; off (403)
     * where {@code secretOrNull} is null.
     */
    public static MasterWebServer start(Master master, String host, int port, Secret secretOrNull) throws IOException {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("web port: " + port + " (expected: 0..65535, 0 = any free port)");
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new IOException("Cannot start the master's web endpoint on " + host + ":" + port + ": the host name does not resolve;"
                    + " pass an address of this machine");
        }
        HttpServer server;
        try {
            server = HttpServer.create(address, 0);
        } catch (IOException e) {
            throw new IOException("Cannot start the master's web endpoint on " + host + ":" + port + ": " + e.getMessage()
                    + " (is the port in use? pass another one, or 0 for any free port)", e);
        }
        List<Thread> threads = new CopyOnWriteArrayList<>();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE),
                daemonThreads(threads), new ThreadPoolExecutor.CallerRunsPolicy());
        server.setExecutor(executor);
        server.createContext("/", new WebRoutes(master, secretOrNull == null ? null : actionToken(secretOrNull)));
        server.start();
        LOG.info("Master web endpoint listening on {}", server.getAddress());
        return new MasterWebServer(server, executor, threads, host);
    }

    /**
     * The endpoint's base URL, {@code http://HOST:PORT/}: the bound port (also for port 0), and the
     * host given to {@link #start}, or for a wildcard address this machine's canonical name (looked
     * up on the first call).
     */
    public String url() {
        String u = url;
        if (u == null) {
            u = "http://" + urlHost(host, server.getAddress()) + ":" + server.getAddress().getPort() + "/";
            url = u;
        }
        return u;
    }

    /** The bound address. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Stops listening at once and ends the pool's threads; requests in progress are abandoned. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.stop(0);
        executor.shutdownNow();
        try {
            // Joins the pool's threads rather than awaiting the pool's termination, which it reports
            // just before its threads return from run().
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            boolean ended = true;
            for (Thread t : threads) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                ended &= !t.isAlive();
            }
            if (!ended) {
                LOG.warn("The master's web endpoint {} still has request threads running 5 s after it was closed", server.getAddress());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The host part of the URL: {@code host} as given (the name the caller chose for others to
     * reach, e.g. YARN's {@code NM_HOST}), or for a wildcard address this machine's name.
     */
    private static String urlHost(String given, InetSocketAddress bound) {
        String host = given;
        if (bound.getAddress().isAnyLocalAddress()) {
            try {
                host = InetAddress.getLocalHost().getCanonicalHostName();
            } catch (IOException e) {
                host = InetAddress.getLoopbackAddress().getHostAddress();
            }
        }
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    private static ThreadFactory daemonThreads(List<Thread> created) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread t = new Thread(runnable, "eddy-web-" + counter.incrementAndGet());
            t.setDaemon(true);
            created.add(t);
            return t;
        };
    }

    @Override
    public String toString() {
        return "MasterWebServer{" + server.getAddress() + "}";
    }
}
