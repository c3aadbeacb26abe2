package io.eddy.runtime.io.disk;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A daemon thread that serves the requests of one spill directory in FIFO order, so the blocks of a
 * channel are written and read in request order.
 *
 * <p>Every request is completed exactly once: after running it, or by {@link #shutdown()} if it did
 * not run. The thread only exits after {@link #shutdown()}; an interrupt at any other time is not
 * ours to act on and is ignored by re-checking the running flag.
 */
final class IOThread extends Thread {

    private final BlockingQueue<IORequest> queue = new LinkedBlockingQueue<>();
    private final Object lock = new Object();
    /** Guarded by {@code lock}: requests are refused once false. */
    private boolean accepting = true;
    private volatile boolean running = true;

    IOThread(String name) {
        super(name);
        setDaemon(true);
    }

    /** Queues {@code request}; any thread. */
    void addRequest(IORequest request) throws IOException {
        synchronized (lock) {
            if (!accepting) {
                throw new IOException("The I/O manager is closed (" + getName() + " stopped): no more spill I/O is "
                        + "possible; the worker is shutting down");
            }
            queue.add(request);
        }
    }

    @Override
    public void run() {
        while (running) {
            IORequest request;
            try {
                request = queue.take();
            } catch (InterruptedException e) {
                // Only shutdown() interrupts this thread; the loop condition decides whether to exit.
                continue;
            }
            IOException error = null;
            try {
                request.process();
            } catch (IOException e) {
                error = e;
            } catch (RuntimeException | Error e) {
                error = new IOException("Bug: unexpected failure in " + getName() + " while serving a spill request", e);
            }
            request.complete(error);
        }
    }

    /**
     * Stops the thread (interrupting I/O in progress), waits for it to end and fails the requests
     * that did not run. Safe against interrupts of the calling thread: it still waits, and restores
     * the interrupt flag afterwards.
     */
    void shutdown() {
        synchronized (lock) {
            accepting = false;
        }
        running = false;
        interrupt();
        boolean interrupted = false;
        while (isAlive()) {
            try {
                join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        IORequest request;
        while ((request = queue.poll()) != null) {
            request.complete(new IOException("The I/O manager was closed before this spill request ran ("
                    + getName() + ")"));
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
