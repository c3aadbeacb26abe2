package io.eddy.yarn.appmaster;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;

/**
 * The ApplicationMaster's bookkeeping of worker containers and its replacement policy
 * (docs/yarn.md, "AM → ResourceManager and NodeManagers"), driven by events and free of YARN
 * clients so it can be tested alone:
 *
 * <ul>
 *   <li>allocations beyond what is outstanding are released at once; their completion is not a failure;
 *   <li>a container that completes without the AM having released it is replaced: without counting
 *       when YARN took it away (pre-empted, aborted, node lost, disks failed, killed by the
 *       ResourceManager), else counted against the allowed failures; once more containers failed
 *       than allowed, the application fails with the last container's diagnostics.
 * </ul>
 *
 * <p>Threads: confined to the AM's {@code yarn-events} thread.
 */
final class WorkerContainerPool {

    /** What the AM does after an event. */
    enum Decision {
        /** Launch the worker in the allocated container. */
        LAUNCH,
        /** Release the container: nothing is waiting for it. */
        RELEASE,
        /** Nothing to do. */
        IGNORE,
        /** Request one new container in place of the completed one. */
        REPLACE,
        /** Too many containers failed: fail the application with {@link #failureReason()}. */
        FAIL
    }

    private static final Set<Integer> NOT_COUNTED = Set.of(ContainerExitStatus.PREEMPTED, ContainerExitStatus.ABORTED,
            ContainerExitStatus.DISKS_FAILED, ContainerExitStatus.KILLED_BY_RESOURCEMANAGER,
            ContainerExitStatus.KILLED_AFTER_APP_COMPLETION, ContainerExitStatus.KILLED_BY_CONTAINER_SCHEDULER);

    private int target;
    private final int maxFailed;
    private final Set<String> running = new HashSet<>();
    private final Set<String> released = new HashSet<>();
    private int outstanding;
    private int failed;
    private int replacedUncounted;
    private boolean stopped;
    private String failureReason;

    /**
     * @param target the number of worker containers the application keeps (until {@link #growTo})
     * @param maxFailed how many (counted) container failures are allowed before the application fails
     */
    WorkerContainerPool(int target, int maxFailed) {
        if (target < 1 || maxFailed < 0) {
            throw new IllegalArgumentException("containers: " + target + ", max failed: " + maxFailed + " (expected: >= 1 and >= 0)");
        }
        this.target = target;
        this.maxFailed = maxFailed;
    }

    /** The containers to request at the start; they are outstanding from now on. */
    int start() {
        return start(List.of());
    }

    /**
     * The containers to request at the start, beside {@code kept} (running containers of the AM
     * attempt before, which count as running: their completion is handled as any other's).
     */
    int start(List<String> kept) {
        running.addAll(kept);
        int missing = Math.max(0, target - running.size());
        outstanding += missing;
        return missing;
    }

    /**
     * Raises the number of containers the application keeps to {@code containers} (jobs need more
     * slots); returns how many to request now, 0 if it keeps as many already or has stopped.
     */
    int growTo(int containers) {
        if (stopped || containers <= target) {
            return 0;
        }
        int more = containers - target;
        target = containers;
        outstanding += more;
        return more;
    }

    /** The number of worker containers the application keeps. */
    int target() {
        return target;
    }

    /** A container was allocated. */
    Decision allocated(String containerId) {
        if (stopped || outstanding == 0) {
            released.add(containerId);
            return Decision.RELEASE;
        }
        outstanding--;
        running.add(containerId);
        return Decision.LAUNCH;
    }

    /** A container completed (the ResourceManager reported it). */
    Decision completed(String containerId, int exitStatus, String diagnostics) {
        if (released.remove(containerId) || !running.remove(containerId) || stopped) {
            return Decision.IGNORE;
        }
        if (NOT_COUNTED.contains(exitStatus)) {
            replacedUncounted++;
            outstanding++;
            return Decision.REPLACE;
        }
        return countFailure(containerId, "exit status " + exitStatus + (diagnostics == null || diagnostics.isBlank() ? "" : ": " + diagnostics.trim()));
    }

    /**
     * The worker could not be started in the container (the NodeManager refused it): counted as a
     * failure; the container is released, and its later completion ignored.
     */
    Decision launchFailed(String containerId, String reason) {
        if (!running.remove(containerId) || stopped) {
            return Decision.IGNORE;
        }
        released.add(containerId);
        return countFailure(containerId, "could not be started: " + reason);
    }

    private Decision countFailure(String containerId, String what) {
        failed++;
        if (failed > maxFailed) {
            failureReason = failed + " worker containers failed (at most " + maxFailed + " may, eddy.yarn.max-failed-containers); the last, "
                    + containerId + ", " + what;
            stopped = true;
            return Decision.FAIL;
        }
        outstanding++;
        return Decision.REPLACE;
    }

    /** The application is ending: later events change nothing. */
    void stop() {
        stopped = true;
    }

    /** Why the application fails, once {@link Decision#FAIL} was returned; else null. */
    String failureReason() {
        return failureReason;
    }

    int running() {
        return running.size();
    }

    int outstanding() {
        return outstanding;
    }

    /** Counted failures so far. */
    int failed() {
        return failed;
    }

    /** Containers replaced without counting (pre-empted, aborted, node lost ...). */
    int replacedUncounted() {
        return replacedUncounted;
    }

    @Override
    public String toString() {
        return "WorkerContainerPool{target=" + target + ", running=" + running.size() + ", outstanding=" + outstanding + ", failed=" + failed
                + "/" + maxFailed + ", replaced uncounted=" + replacedUncounted + "}";
    }
}
