package io.eddy.configuration;

import java.time.Duration;

/**
 * Checkpointing and state settings. A job carries them in its {@code JobGraph.settings()} (set
 * through {@code env.enableCheckpointing(...)} / {@code env.getCheckpointConfig()}, or in the
 * program's {@link Configuration}); the master's configuration gives defaults. See
 * docs/checkpointing.md.
 */
public final class CheckpointingOptions {

    private CheckpointingOptions() {}

    /** How often a checkpoint is triggered; absent or zero: checkpointing is off. */
    public static final ConfigOption<Duration> INTERVAL = ConfigOption.of("execution.checkpointing.interval", Duration.class,
            Duration.ZERO, "How often the master triggers a checkpoint; 0 turns checkpointing off");

    /** {@code EXACTLY_ONCE} (aligned barriers) or {@code AT_LEAST_ONCE} (no alignment). */
    public static final ConfigOption<String> MODE = ConfigOption.of("execution.checkpointing.mode", String.class, "EXACTLY_ONCE",
            "EXACTLY_ONCE (barriers are aligned) or AT_LEAST_ONCE (no alignment; records may be counted twice after a restore)");

    public static final ConfigOption<Duration> TIMEOUT = ConfigOption.of("execution.checkpointing.timeout", Duration.class,
            Duration.ofMinutes(10), "A checkpoint not complete after this long is aborted");

    public static final ConfigOption<Duration> MIN_PAUSE = ConfigOption.of("execution.checkpointing.min-pause", Duration.class,
            Duration.ZERO, "The least time between the end of one checkpoint and the trigger of the next");

    public static final ConfigOption<Integer> MAX_CONCURRENT = ConfigOption.of("execution.checkpointing.max-concurrent", Integer.class, 1,
            "How many checkpoints may be in flight at once");

    public static final ConfigOption<Integer> RETAINED = ConfigOption.of("execution.checkpointing.retained", Integer.class, 1,
            "How many completed checkpoints are kept; older ones are deleted");

    public static final ConfigOption<Integer> TOLERABLE_FAILURES = ConfigOption.of("execution.checkpointing.tolerable-failures",
            Integer.class, 0, "How many checkpoints in a row may fail or time out before the job fails; -1: never");

    /** {@code filesystem} (through the Hadoop FileSystem API) or {@code memory} (state in the messages, for small tests). */
    public static final ConfigOption<String> STORAGE = ConfigOption.of("state.checkpoint-storage", String.class, "filesystem",
            "Where checkpoint state goes: filesystem (state.checkpoints.dir) or memory (small tests only)");

    /** Base URI of checkpoints, e.g. {@code file:///tmp/eddy-checkpoints} or {@code hdfs://nn/eddy/checkpoints}. */
    public static final ConfigOption<String> CHECKPOINTS_DIR = ConfigOption.of("state.checkpoints.dir", String.class, null,
            "Base directory (URI) of checkpoints; each job writes under <dir>/<job id>/chk-<n>");

    public static final ConfigOption<String> SAVEPOINTS_DIR = ConfigOption.of("state.savepoints.dir", String.class, null,
            "Default target directory (URI) of savepoints");

    /** A savepoint or checkpoint to start the job from ({@code run --from-savepoint}). */
    public static final ConfigOption<String> RESTORE_PATH = ConfigOption.of("execution.savepoint.path", String.class, null,
            "A savepoint or retained checkpoint to restore the job from when it starts");

    public static final ConfigOption<Boolean> ALLOW_NON_RESTORED_STATE = ConfigOption.of("execution.savepoint.ignore-unclaimed-state",
            Boolean.class, false, "Start from a savepoint even if some of its state belongs to no operator of the job");

    /** State below this size is kept inside the handle (the message / metadata) instead of a file. */
    public static final ConfigOption<MemorySize> INLINE_THRESHOLD = ConfigOption.of("state.storage.fs.memory-threshold", MemorySize.class,
            MemorySize.parse("20kb"), "State files smaller than this are stored inline in the checkpoint metadata");
}
