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
 * @param containers worker containers
 * @param slots slots per worker
 * @param containerMemoryMb memory of a worker container
 * @param containerVcores vcores of a worker container
 * @param amMemoryMb memory of the ApplicationMaster's container (it gets one vcore)
 * @param maxFailedContainers worker containers that may fail before the application fails
 */
public record ContainerResources(int containers, int slots, int containerMemoryMb, int containerVcores, int amMemoryMb,
        int maxFailedContainers) {

    /** Resolves the options; fails with the option, the value and what to do for values out of range. */
    public static ContainerResources of(Configuration settings) throws YarnDeploymentException {
        try {
            int containers = settings.get(YarnOptions.CONTAINERS);
            int slots = settings.get(YarnOptions.SLOTS);
            Integer vcores = settings.get(YarnOptions.CONTAINER_VCORES);
            Integer maxFailed = settings.get(YarnOptions.MAX_FAILED_CONTAINERS);
            ContainerResources resources = new ContainerResources(containers, slots, mebiBytes(settings, YarnOptions.CONTAINER_MEMORY),
                    vcores == null ? slots : vcores, mebiBytes(settings, YarnOptions.AM_MEMORY), maxFailed == null ? containers : maxFailed);
            resources.checkRanges();
            return resources;
        } catch (IllegalArgumentException e) {
            throw new YarnDeploymentException(e.getMessage(), e);
        }
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
