package io.eddy.runtime.io.disk;

import java.io.IOException;

/** One block read or write, run by an {@link IOThread}. */
interface IORequest {

    /** Does the I/O; called on the I/O thread. */
    void process() throws IOException;

    /**
     * Called exactly once per request on the I/O thread after {@link #process()}, or on the closing
     * thread when the I/O manager shut down before the request ran.
     *
     * @param error null on success
     */
    void complete(IOException error);
}
