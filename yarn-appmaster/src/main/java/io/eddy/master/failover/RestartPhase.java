package io.eddy.master.failover;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where a running job stands in its restart life cycle ({@link JobFailover}). The job's {@code
 * JobStatus} stays RUNNING through a restart; this phase says what the restart waits for.
 *
 * <pre>
 * RUNNING --failure, restart allowed--> CANCELLING_TASKS --all their tasks ended--> WAITING_DELAY
 * WAITING_DELAY --delay passed, lanes of lost workers moved--> RESTARTING
 * WAITING_DELAY --delay passed, too few free slots for those lanes--> WAITING_FOR_SLOTS --slots freed--> RESTARTING
 * RESTARTING --new workers prepared--> RUNNING (new attempts deployed)
 * RESTARTING --a failure joined, or a lane lost its worker, meanwhile--> CANCELLING_TASKS
 * any phase but STOPPED --the job fails, is cancelled or ends--> STOPPED
 * </pre>
 *
 * <p>Regions are deployed in RUNNING only. Any other move is a bug: {@link #checkMoveTo} rejects it.
 */
public enum RestartPhase {

    /** No restart is pending: regions deploy as their inputs become ready. */
    RUNNING,
    /** The tasks of the regions to restart are being cancelled (bounded by the cancel timeout). */
    CANCELLING_TASKS,
    /** Every task of those regions has ended; the restart strategy's delay runs. */
    WAITING_DELAY,
    /** Lanes of lost workers wait for free slots of other workers (bounded by the slot wait timeout). */
    WAITING_FOR_SLOTS,
    /** Workers new to the job are being prepared; then the regions' new attempts are deployed. */
    RESTARTING,
    /** Terminal: the job fails, is cancelled or has ended, and restarts no more. */
    STOPPED;

    /** The phases this phase may move to. */
    public Set<RestartPhase> successors() {
        return switch (this) {
            case RUNNING -> EnumSet.of(CANCELLING_TASKS, STOPPED);
            case CANCELLING_TASKS -> EnumSet.of(WAITING_DELAY, STOPPED);
            case WAITING_DELAY -> EnumSet.of(RESTARTING, WAITING_FOR_SLOTS, STOPPED);
            case WAITING_FOR_SLOTS -> EnumSet.of(RESTARTING, STOPPED);
            case RESTARTING -> EnumSet.of(RUNNING, CANCELLING_TASKS, STOPPED);
            case STOPPED -> EnumSet.noneOf(RestartPhase.class);
        };
    }

    /**
     * Returns {@code next} if this phase may move to it.
     *
     * @throws IllegalStateException ("Bug: ...") if it may not
     */
    public RestartPhase checkMoveTo(RestartPhase next) {
        if (!successors().contains(next)) {
            throw new IllegalStateException("Bug: a restart cannot move from " + this + " to " + next + " (allowed: " + successors() + ")");
        }
        return next;
    }
}
