package io.eddy.master;

import java.util.Optional;

/**
 * Where the master's workers come from when jobs need more slots than the registered workers
 * offer. The master tells its supply the slot demand whenever a job has to wait for slots; the
 * supply either starts getting more workers (the YARN ApplicationMaster requests containers) or
 * says that the waiting job's demand can never be met, and the job fails at once instead of
 * waiting {@code master.slot-wait-timeout} for slots that will never come.
 *
 * <p>Threads: called on the master's main thread; implementations must not block it.
 */
public interface WorkerSupply {

    /**
     * Workers are started outside the master ({@code eddy cluster start}, the embedded cluster's
     * threads): nothing can be requested, and a shortage is waited out up to the slot wait timeout.
     */
    WorkerSupply EXTERNAL = new WorkerSupply() {
        @Override
        public Optional<String> demand(int totalSlots, int jobSlots) {
            return Optional.empty();
        }

        @Override
        public String shortageAdvice() {
            return "start more workers or lower the parallelism";
        }

        @Override
        public String toString() {
            return "WorkerSupply.EXTERNAL";
        }
    };

    /**
     * The jobs of the master need {@code totalSlots} slots at once: the slots that running jobs hold
     * plus those of every job waiting for slots; the job that waits now needs {@code jobSlots} of
     * them. Returns empty when the demand can be met, now or once requested workers register (the
     * supply requests them before it returns); else why the waiting job's {@code jobSlots} can
     * never be had, naming the settings that would change that.
     */
    Optional<String> demand(int totalSlots, int jobSlots);

    /**
     * What to do about a shortage that outlasted the slot wait timeout, e.g. {@code start more
     * workers or lower the parallelism}; appended to the description of the shortage.
     */
    String shortageAdvice();
}
