package io.eddy.yarn;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.MemorySize;
import java.time.Duration;

/**
 * Options of running on YARN (docs/yarn.md, "Options"), set as system properties with the prefix
 * {@code eddy.} (e.g. {@code -Deddy.yarn.containers=4}); {@code eddy run --target yarn} and {@code
 * eddy yarn-session start} set them from their flags.
 */
public final class YarnOptions {

    public static final ConfigOption<Integer> CONTAINERS = ConfigOption.of("yarn.containers", Integer.class, null,
            "Worker containers the ApplicationMaster requests at its start; it requests more when jobs need more slots, up to"
                    + " yarn.max-containers (default: per-job, enough for the job: ceil(its largest parallelism / yarn.slots);"
                    + " a session, 1)");

    public static final ConfigOption<Integer> MAX_CONTAINERS = ConfigOption.of("yarn.max-containers", Integer.class, null,
            "The most worker containers an application may have; a job that needs more slots than that many containers hold fails"
                    + " at once, naming the options to change (default: as many as the queue and the cluster's NodeManagers can hold)");

    public static final ConfigOption<Integer> SLOTS = ConfigOption.of("yarn.slots", Integer.class, 1,
            "Slots of each worker container (a job needs as many slots as its largest parallelism)");

    public static final ConfigOption<MemorySize> CONTAINER_MEMORY = ConfigOption.of("yarn.container-memory", MemorySize.class,
            MemorySize.parse("1g"), "Memory of a worker container; the worker's heap is 75% of it");

    public static final ConfigOption<Integer> CONTAINER_VCORES = ConfigOption.of("yarn.container-vcores", Integer.class, null,
            "Virtual cores of a worker container (default: its slots)");

    public static final ConfigOption<MemorySize> AM_MEMORY = ConfigOption.of("yarn.am-memory", MemorySize.class,
            MemorySize.parse("1g"), "Memory of the ApplicationMaster's container; its heap is 75% of it");

    public static final ConfigOption<String> CONTAINER_JVM_OPTIONS = ConfigOption.of("yarn.container-jvm-options", String.class, null,
            "JVM options of the worker containers, separated by spaces, after Eddy's own (-XX:+UseParallelGC); the JVM takes the last"
                    + " of repeated options, so these win. No quotes, backslashes or shell characters; <LOG_DIR> stands for the"
                    + " container's log directory");

    public static final ConfigOption<String> AM_JVM_OPTIONS = ConfigOption.of("yarn.am-jvm-options", String.class, null,
            "JVM options of the ApplicationMaster's container, as yarn.container-jvm-options");

    public static final ConfigOption<String> QUEUE = ConfigOption.of("yarn.queue", String.class, "default",
            "The YARN queue applications are submitted to");

    public static final ConfigOption<String> NAME = ConfigOption.of("yarn.name", String.class, null,
            "The YARN application name (default: 'Eddy job <main class>' or 'Eddy session')");

    public static final ConfigOption<Boolean> DETACHED = ConfigOption.of("yarn.detached", Boolean.class, false,
            "Return once the job is accepted, printing the application id, instead of following it to its end");

    public static final ConfigOption<String> STAGING_DIR = ConfigOption.of("yarn.staging-dir", String.class, null,
            "Root of the staging directories on the cluster file system (default: <home directory on fs.defaultFS>/.eddy)");

    public static final ConfigOption<Integer> MAX_FAILED_CONTAINERS = ConfigOption.of("yarn.max-failed-containers", Integer.class, null,
            "Worker containers that may fail (pre-emptions and lost nodes not counted) before the application fails (default: yarn.containers)");

    public static final ConfigOption<Integer> APPLICATION_ATTEMPTS = ConfigOption.of("yarn.application-attempts", Integer.class, 2,
            "ApplicationMaster attempts; YARN caps it at yarn.resourcemanager.am.max-attempts");

    public static final ConfigOption<Duration> DEPLOY_TIMEOUT = ConfigOption.of("yarn.deploy-timeout", Duration.class,
            Duration.ofSeconds(120), "How long the client waits for the ApplicationMaster to serve before it kills the application");

    public static final ConfigOption<Duration> PER_JOB_IDLE_TIMEOUT = ConfigOption.of("yarn.per-job.idle-timeout", Duration.class,
            Duration.ofSeconds(120), "A per-job ApplicationMaster that receives no job within this time ends FAILED");

    public static final ConfigOption<Duration> PER_JOB_LOCALITY_TIMEOUT = ConfigOption.of("yarn.per-job.locality-timeout", Duration.class,
            Duration.ofSeconds(10), "How long a per-job ApplicationMaster may spend creating its job's input splits to ask for worker"
                    + " containers on the hosts that store their data; past it, or when 0, it asks for containers anywhere");

    public static final ConfigOption<String> APPLICATION_ID = ConfigOption.of("yarn.application-id", String.class, null,
            "The YARN session (application id) the 'yarn-session' execution target submits to");

    public static final ConfigOption<MemorySize> SHIP_MAX_ENTRY_SIZE = ConfigOption.of("yarn.ship.max-entry-size", MemorySize.class,
            MemorySize.parse("256m"), "The largest class-path entry the client ships: a jar, or a directory it packs (by the sum of its"
                    + " files); a larger one fails the deployment, naming it, before anything is created on YARN or uploaded. Job jars"
                    + " are not limited");

    private YarnOptions() {}
}
