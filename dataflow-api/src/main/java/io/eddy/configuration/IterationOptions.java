package io.eddy.configuration;

/**
 * Settings of a batch job's loops (docs/iterations.md). A job carries them in its {@code
 * JobGraph.settings()} (set through {@code env.enableIterationSnapshots(...)} or the program's
 * {@link Configuration}); the master's configuration gives defaults.
 */
public final class IterationOptions {

    private IterationOptions() {}

    /** Every how many supersteps a loop writes a snapshot to resume from after a failure; 0: never. */
    public static final ConfigOption<Integer> SNAPSHOT_INTERVAL = ConfigOption.of("iteration.snapshots.interval", Integer.class, 0,
            "Every how many supersteps each loop of a batch job writes a snapshot (partial solution, or solution set and workset) that a"
                    + " restarted loop resumes from; 0 turns iteration snapshots off");

    /** Where iteration snapshots go; without it, the checkpoint directory ({@code state.checkpoints.dir}). */
    public static final ConfigOption<String> SNAPSHOT_DIR = ConfigOption.of("iteration.snapshots.dir", String.class, null,
            "Base directory (URI) of iteration snapshots, e.g. hdfs://nn/eddy/iterations; each job writes under"
                    + " <dir>/<job id>/iterations/<name>/superstep-<s>; default: state.checkpoints.dir");
}
