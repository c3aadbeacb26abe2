package io.eddy.streaming.api.datastream;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutorLookup;
import io.eddy.streaming.api.CheckpointingMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The checkpoint settings of a streaming program ({@code env.getCheckpointConfig()}); see
 * docs/checkpointing.md. Only what is set here goes into the job's settings (under the keys of
 * {@link CheckpointingOptions}); everything else comes from the program's configuration, then the
 * cluster's, then the options' defaults. Setters check their argument and name it in the error.
 *
 * <p>Not thread-safe: a program is built on one thread.
 */
public final class CheckpointConfig {

    /** The shortest checkpoint interval accepted. */
    public static final long MIN_INTERVAL_MILLIS = 10;

    private long intervalMillis;
    private CheckpointingMode mode;
    private Duration timeout;
    private Duration minPause;
    private Integer maxConcurrent;
    private Integer retained;
    private Integer tolerableFailures;
    private String storage;
    private String checkpointDirectory;
    private String savepointDirectory;

    /** Whether periodic checkpoints are on (an interval was set with {@code enableCheckpointing}). */
    public boolean isCheckpointingEnabled() {
        return intervalMillis > 0;
    }

    /** The interval in milliseconds; 0 when checkpointing is off. */
    public long getCheckpointInterval() {
        return intervalMillis;
    }

    /**
     * Turns periodic checkpoints on with this interval.
     *
     * @throws IllegalArgumentException if it is below {@link #MIN_INTERVAL_MILLIS}
     */
    public CheckpointConfig setCheckpointInterval(long intervalMillis) {
        if (intervalMillis < MIN_INTERVAL_MILLIS) {
            throw new IllegalArgumentException("checkpoint interval: " + intervalMillis + " ms (expected: >= " + MIN_INTERVAL_MILLIS
                    + " ms; a shorter interval spends the job's time on checkpoints)");
        }
        this.intervalMillis = intervalMillis;
        return this;
    }

    /** The mode set, or {@link CheckpointingMode#EXACTLY_ONCE} (the default). */
    public CheckpointingMode getCheckpointingMode() {
        return mode == null ? CheckpointingMode.EXACTLY_ONCE : mode;
    }

    public CheckpointConfig setCheckpointingMode(CheckpointingMode mode) {
        this.mode = Objects.requireNonNull(mode, "setCheckpointingMode: mode");
        return this;
    }

    /** A checkpoint not complete after this long is aborted (default 10 min). */
    public CheckpointConfig setCheckpointTimeout(Duration timeout) {
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("setCheckpointTimeout: " + timeout + " (expected: > 0)");
        }
        this.timeout = timeout;
        return this;
    }

    /** The least time between the end of one checkpoint and the trigger of the next (default 0). */
    public CheckpointConfig setMinPauseBetweenCheckpoints(Duration minPause) {
        if (minPause == null || minPause.isNegative()) {
            throw new IllegalArgumentException("setMinPauseBetweenCheckpoints: " + minPause + " (expected: >= 0)");
        }
        this.minPause = minPause;
        return this;
    }

    /** How many checkpoints may be in flight at once (default 1). */
    public CheckpointConfig setMaxConcurrentCheckpoints(int maxConcurrent) {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("setMaxConcurrentCheckpoints: " + maxConcurrent + " (expected: >= 1)");
        }
        this.maxConcurrent = maxConcurrent;
        return this;
    }

    /** How many completed checkpoints are kept; older ones are deleted (default 1). */
    public CheckpointConfig setRetainedCheckpoints(int retained) {
        if (retained < 1) {
            throw new IllegalArgumentException("setRetainedCheckpoints: " + retained + " (expected: >= 1)");
        }
        this.retained = retained;
        return this;
    }

    /** How many checkpoints in a row may fail before the job fails; -1: any number (default 0). */
    public CheckpointConfig setTolerableCheckpointFailureNumber(int tolerableFailures) {
        if (tolerableFailures < -1) {
            throw new IllegalArgumentException("setTolerableCheckpointFailureNumber: " + tolerableFailures + " (expected: >= 0, or -1 for no limit)");
        }
        this.tolerableFailures = tolerableFailures;
        return this;
    }

    /**
     * Checkpoints go to files under {@code checkpointDirectory}, a URI such as {@code
     * file:///tmp/eddy-checkpoints} or {@code hdfs://nn/eddy/checkpoints} (storage {@code filesystem}).
     */
    public CheckpointConfig setCheckpointStorage(String checkpointDirectory) {
        if (checkpointDirectory == null || checkpointDirectory.isBlank()) {
            throw new IllegalArgumentException("setCheckpointStorage: '" + checkpointDirectory + "' (expected: a directory URI such as"
                    + " file:///tmp/eddy-checkpoints)");
        }
        this.storage = "filesystem";
        this.checkpointDirectory = checkpointDirectory;
        return this;
    }

    /** Checkpoint state stays in the master's memory (storage {@code memory}): for small tests only. */
    public CheckpointConfig setMemoryCheckpointStorage() {
        this.storage = "memory";
        this.checkpointDirectory = null;
        return this;
    }

    /** The default directory (URI) of savepoints taken without a target directory. */
    public CheckpointConfig setSavepointDirectory(String savepointDirectory) {
        if (savepointDirectory == null || savepointDirectory.isBlank()) {
            throw new IllegalArgumentException("setSavepointDirectory: '" + savepointDirectory + "' (expected: a directory URI)");
        }
        this.savepointDirectory = savepointDirectory;
        return this;
    }

    /** The checkpoint directory set here, or null. */
    public String getCheckpointDirectory() {
        return checkpointDirectory;
    }

    /** The job settings of what was set here. */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        if (intervalMillis > 0) {
            s.put(CheckpointingOptions.INTERVAL.key(), intervalMillis + "ms");
        }
        putIfSet(s, CheckpointingOptions.MODE.key(), mode);
        putIfSet(s, CheckpointingOptions.TIMEOUT.key(), timeout == null ? null : timeout.toMillis() + "ms");
        putIfSet(s, CheckpointingOptions.MIN_PAUSE.key(), minPause == null ? null : minPause.toMillis() + "ms");
        putIfSet(s, CheckpointingOptions.MAX_CONCURRENT.key(), maxConcurrent);
        putIfSet(s, CheckpointingOptions.RETAINED.key(), retained);
        putIfSet(s, CheckpointingOptions.TOLERABLE_FAILURES.key(), tolerableFailures);
        putIfSet(s, CheckpointingOptions.STORAGE.key(), storage);
        putIfSet(s, CheckpointingOptions.CHECKPOINTS_DIR.key(), checkpointDirectory);
        putIfSet(s, CheckpointingOptions.SAVEPOINTS_DIR.key(), savepointDirectory);
        return s;
    }

    private static void putIfSet(Map<String, String> settings, String key, Object value) {
        if (value != null) {
            settings.put(key, value.toString());
        }
    }

    /**
     * Plan-time checks of the job's settings ({@code settings}: the program's configuration with
     * this config's values applied) for execution on {@code target} ({@link ExecutorLookup#target}).
     *
     * @throws IllegalArgumentException naming the option and the method that sets it
     */
    static void validate(Configuration settings, String target) {
        Duration interval = settings.get(CheckpointingOptions.INTERVAL);
        if (interval.isZero()) {
            return;
        }
        if (interval.toMillis() < MIN_INTERVAL_MILLIS) {
            throw new IllegalArgumentException(CheckpointingOptions.INTERVAL.key() + ": " + interval.toMillis() + " ms (expected: >= "
                    + MIN_INTERVAL_MILLIS + " ms)");
        }
        String storage = settings.get(CheckpointingOptions.STORAGE).trim().toLowerCase(Locale.ROOT);
        if (!storage.equals("filesystem") && !storage.equals("memory")) {
            throw new IllegalArgumentException(CheckpointingOptions.STORAGE.key() + ": '" + storage + "' (expected: filesystem or memory)");
        }
        if (storage.equals("filesystem") && settings.get(CheckpointingOptions.CHECKPOINTS_DIR) == null && !providesCheckpointDirectory(target)) {
            throw new IllegalArgumentException("Checkpointing is on with storage 'filesystem' but no checkpoint directory is set: call"
                    + " env.getCheckpointConfig().setCheckpointStorage(\"file:///path\") (or hdfs://...), or set "
                    + CheckpointingOptions.CHECKPOINTS_DIR.key() + "; for small tests setMemoryCheckpointStorage() keeps state in memory");
        }
        String mode = settings.get(CheckpointingOptions.MODE).trim().toUpperCase(Locale.ROOT).replace('-', '_');
        if (!mode.equals("EXACTLY_ONCE") && !mode.equals("AT_LEAST_ONCE")) {
            throw new IllegalArgumentException(CheckpointingOptions.MODE.key() + ": '" + mode + "' (expected: EXACTLY_ONCE or AT_LEAST_ONCE)");
        }
    }

    /**
     * Whether the job's execution target gives jobs without {@code state.checkpoints.dir} a
     * directory of its own: a YARN application does ({@code <staging>/<appId>/checkpoints} on the
     * cluster file system, docs/yarn.md); the embedded and {@code remote} targets do not.
     */
    private static boolean providesCheckpointDirectory(String target) {
        return target.startsWith(ExecutorLookup.YARN_TARGET);
    }
}
