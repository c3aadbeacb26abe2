package io.eddy.yarn.client;

import io.eddy.configuration.Configuration;
import io.eddy.configuration.ConfigOption;
import io.eddy.yarn.YarnOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The resources an Eddy application asks YARN for, resolved from {@link YarnOptions} (defaults
 * applied), with the checks of docs/yarn.md "Options": positive counts, and containers no larger
 * than the cluster's largest — never silently shrunk.
 *
 * @param containers worker containers requested at the start
 * @param slots slots per worker
 * @param containerMemoryMb memory of a worker container
 * @param containerVcores vcores of a worker container
 * @param amMemoryMb memory of the ApplicationMaster's container (it gets one vcore)
 * @param maxFailedContainers worker containers that may fail before the application fails
 * @param maxContainers the most worker containers the application may have ({@code yarn.max-containers}), {@link
 *     #UNLIMITED} when not set
 */
public record ContainerResources(int containers, int slots, int containerMemoryMb, int containerVcores, int amMemoryMb,
        int maxFailedContainers, int maxContainers) {

    /** {@link #maxContainers()} when {@code yarn.max-containers} is not set: only the cluster limits the containers. */
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** Resolves the options of an application deployed without a job (a session: one container unless set). */
    public static ContainerResources of(Configuration settings) throws YarnDeploymentException {
        return of(settings, 0);
    }

    /**
     * Resolves the options of an application whose job needs {@code slotDemand} slots (0: no job
     * known): unless {@code yarn.containers} is set, as many containers as the job needs, at least
     * one. Fails with the option, the value and what to do for values out of range.
     */
    public static ContainerResources of(Configuration settings, int slotDemand) throws YarnDeploymentException {
        try {
            int slots = settings.get(YarnOptions.SLOTS);
            Integer configured = settings.get(YarnOptions.CONTAINERS);
            int containers = configured != null ? configured : Math.max(1, containersFor(slotDemand, Math.max(1, slots)));
            Integer vcores = settings.get(YarnOptions.CONTAINER_VCORES);
            Integer maxFailed = settings.get(YarnOptions.MAX_FAILED_CONTAINERS);
            Integer max = settings.get(YarnOptions.MAX_CONTAINERS);
            ContainerResources resources = new ContainerResources(containers, slots, mebiBytes(settings, YarnOptions.CONTAINER_MEMORY),
                    vcores == null ? slots : vcores, mebiBytes(settings, YarnOptions.AM_MEMORY), maxFailed == null ? containers : maxFailed,
                    max == null ? UNLIMITED : max);
            resources.checkRanges();
            if (configured != null && max != null && configured > max) {
                throw new YarnDeploymentException(YarnOptions.CONTAINERS.key() + " is " + configured + ", more than " + YarnOptions.MAX_CONTAINERS.key()
                        + " (" + max + "): lower --containers or raise eddy." + YarnOptions.MAX_CONTAINERS.key());
            }
            return resources;
        } catch (IllegalArgumentException e) {
            throw new YarnDeploymentException(e.getMessage(), e);
        }
    }

    /** The containers of {@code slotsPerContainer} slots that hold {@code slots} slots: {@code ceil(slots / slotsPerContainer)}. */
    public static int containersFor(int slots, int slotsPerContainer) {
        return (int) ((slots + (long) slotsPerContainer - 1) / slotsPerContainer);
    }

    /** The containers of this application's size that hold {@code slots} slots. */
    public int containersFor(int slots) {
        return containersFor(slots, this.slots);
    }

    /** The most worker containers the application may have: {@code yarn.max-containers}, or less if {@code capacity} holds fewer. */
    public int containerLimit(ClusterCapacity capacity) {
        return Math.min(maxContainers, capacity.maxContainers());
    }

    /**
     * Why a job that needs {@code jobSlots} slots can never run in this application, given what
     * {@code capacity} says YARN can hold and {@code yarn.max-containers}; empty if it can. The
     * message names the options that would make it fit.
     */
    public java.util.Optional<String> whyJobCannotFit(int jobSlots, ClusterCapacity capacity) {
        int needed = containersFor(jobSlots);
        int max = containerLimit(capacity);
        if (needed <= max) {
            return java.util.Optional.empty();
        }
        String limit = maxContainers <= capacity.maxContainers()
                ? "eddy." + YarnOptions.MAX_CONTAINERS.key() + " is " + maxContainers
                : "YARN can never hold more: " + capacity.explanation();
        return java.util.Optional.of("The job needs " + jobSlots + " slots, " + needed + " worker containers of " + slots
                + (slots == 1 ? " slot" : " slots") + " and " + containerMemoryMb + " MB, but this application may have at most " + max + " ("
                + limit + "). Give each container more slots (--slots / eddy." + YarnOptions.SLOTS.key() + "), make the containers smaller"
                + " (--container-memory / eddy." + YarnOptions.CONTAINER_MEMORY.key() + "), allow more of them (eddy."
                + YarnOptions.MAX_CONTAINERS.key() + "), choose a larger queue (--queue) or lower the job's parallelism");
    }

    private static int mebiBytes(Configuration settings, ConfigOption<io.eddy.configuration.MemorySize> option) {
        long mb = settings.get(option).bytes() / (1024 * 1024);
        if (mb > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option.key() + ": " + mb + " MB is more than any YARN container can have: lower it");
        }
        return (int) mb;
    }

    private void checkRanges() throws YarnDeploymentException {
        List<String> problems = new ArrayList<>();
        atLeast(problems, YarnOptions.CONTAINERS, "--containers", containers, 1);
        atLeast(problems, YarnOptions.SLOTS, "--slots", slots, 1);
        atLeast(problems, YarnOptions.CONTAINER_VCORES, "--container-vcores", containerVcores, 1);
        atLeast(problems, YarnOptions.CONTAINER_MEMORY, "--container-memory (MB)", containerMemoryMb, 64);
        atLeast(problems, YarnOptions.AM_MEMORY, "--am-memory (MB)", amMemoryMb, 64);
        atLeast(problems, YarnOptions.MAX_FAILED_CONTAINERS, "eddy.yarn.max-failed-containers", maxFailedContainers, 0);
        atLeast(problems, YarnOptions.MAX_CONTAINERS, "eddy.yarn.max-containers", maxContainers, 1);
        if (!problems.isEmpty()) {
            throw new YarnDeploymentException(String.join("; ", problems));
        }
    }

    private static void atLeast(List<String> problems, ConfigOption<?> option, String flag, int value, int min) {
        if (value < min) {
            problems.add(option.key() + " is " + value + " (expected: at least " + min + "): set " + flag + " to " + min + " or more");
        }
    }

    /**
     * Checks the containers against the cluster's largest container ({@code
     * yarn.scheduler.maximum-allocation-mb} / {@code -vcores}).
     */
    public void checkAgainstMaximum(int maxMemoryMb, int maxVcores) throws YarnDeploymentException {
        List<String> problems = new ArrayList<>();
        if (containerMemoryMb > maxMemoryMb) {
            problems.add(YarnOptions.CONTAINER_MEMORY.key() + " of " + containerMemoryMb + " MB is above the cluster's largest container of "
                    + maxMemoryMb + " MB (yarn.scheduler.maximum-allocation-mb): lower --container-memory to " + maxMemoryMb
                    + "m or less, or ask the cluster's administrator to raise the limit");
        }
        if (amMemoryMb > maxMemoryMb) {
            problems.add(YarnOptions.AM_MEMORY.key() + " of " + amMemoryMb + " MB is above the cluster's largest container of "
                    + maxMemoryMb + " MB (yarn.scheduler.maximum-allocation-mb): lower --am-memory to " + maxMemoryMb + "m or less");
        }
        if (containerVcores > maxVcores) {
            problems.add(YarnOptions.CONTAINER_VCORES.key() + " of " + containerVcores + " (default: the slots) is above the cluster's largest container of "
                    + maxVcores + " vcores (yarn.scheduler.maximum-allocation-vcores): lower --container-vcores or --slots to " + maxVcores
                    + " or less");
        }
        if (!problems.isEmpty()) {
            throw new YarnDeploymentException("The request does not fit this YARN cluster: " + String.join("; ", problems));
        }
    }
}
