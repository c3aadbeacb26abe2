package io.eddy.master;

import io.eddy.runtime.cluster.FailureInfo;

/**
 * Why a job failed: the root failure and a one-line summary naming what failed where.
 *
 * @param cause the failure
 * @param summary e.g. {@code Task 'Map (2/4)' on worker-1 (127.0.0.1) failed: ...}
 */
record JobFailure(FailureInfo cause, String summary) {

    static JobFailure of(Throwable t, String summary) {
        return new JobFailure(FailureInfo.of(t), summary);
    }
}
