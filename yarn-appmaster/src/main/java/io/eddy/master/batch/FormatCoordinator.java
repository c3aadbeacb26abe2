package io.eddy.master.batch;

import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.InputSplitAssigner;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.tasks.TaskId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's part of a batch job's input and output formats (see {@code docs/batch-io.md}):
 *
 * <pre>
 *  submission:   per batchSource: configure -> createInputSplits(parallelism) -> getInputSplitAssigner
 *                per batchSink:   configure -> initializeGlobal(parallelism)
 *                (a failure cleans up the sinks initialized so far and fails the job before any task is deployed)
 *  running:      nextSplit(task, host) answers the sources' split requests from the assigners
 *  job FINISHED: finalizeSinks()  (commit; a failure fails the job)
 *  job FAILED / CANCELED: cleanupSinks()
 * </pre>
 *
 * User code runs with the job's class loader as the thread's context class loader. A job without
 * batch sources and sinks gets an empty coordinator that does nothing.
 *
 * <p>Thread ownership: the master main thread (the job's {@code JobManager}) only. Format calls
 * run on that thread: listing a large input directory delays the master's other work meanwhile.
 * ({@link #createInputSplits(JobGraph, ClassLoader)} keeps nothing and runs on its caller's thread.)
 */
public final class FormatCoordinator {

    private static final Logger LOG = LoggerFactory.getLogger(FormatCoordinator.class);

    private final String jobName;
    private final ClassLoader classLoader;
    /** Per vertex index with a batch source head: its splits. */
    private final Map<Integer, SourceSplits> sources = new HashMap<>();
    private final List<Sink> sinks = new ArrayList<>();
    private boolean sinksDone;

    private record Sink(String name, OutputFormat<?> format, int parallelism) {}

    private FormatCoordinator(String jobName, ClassLoader classLoader) {
        this.jobName = jobName;
        this.classLoader = classLoader;
    }

    /**
     * Creates the splits of every batch source and initializes every batch sink of {@code graph}.
     *
     * @throws FormatSetupException naming the operator and carrying the format's message (e.g. a missing input path, an
     *     existing output path); sinks initialized before the failure are cleaned up
     */
    public static FormatCoordinator create(JobGraph graph, ClassLoader classLoader) {
        FormatCoordinator coordinator = new FormatCoordinator(graph.name(), classLoader);
        try {
            coordinator.withContextClassLoader(() -> coordinator.setUp(graph));
        } catch (RuntimeException e) {
            coordinator.cleanupSinks();
            throw e;
        }
        return coordinator;
    }

    private void setUp(JobGraph graph) {
        for (JobVertex vertex : graph.vertices()) {
            for (OperatorSpec spec : vertex.chain()) {
                if (BatchKinds.BatchSource.NAME.equals(spec.kind())) {
                    setUpSource(vertex, spec);
                } else if (BatchKinds.BatchSink.NAME.equals(spec.kind())) {
                    setUpSink(vertex, spec);
                }
            }
        }
    }

    /**
     * The input splits of every batch source of {@code graph}, by source name, created as {@link
     * #create} creates them ({@code configure -> createInputSplits(parallelism)}) but not kept:
     * for a caller that only looks at them, such as the YARN ApplicationMaster choosing where to
     * ask for worker containers. The formats run on the calling thread, with {@code classLoader}
     * as its context class loader.
     *
     * @throws FormatSetupException naming the source and carrying the format's message (e.g. a missing input path)
     */
    public static Map<String, InputSplit[]> createInputSplits(JobGraph graph, ClassLoader classLoader) {
        FormatCoordinator probe = new FormatCoordinator(graph.name(), classLoader);
        return probe.withContextClassLoader(() -> {
            Map<String, InputSplit[]> splits = new LinkedHashMap<>();
            for (BatchSource source : batchSources(graph)) {
                InputFormat<?, InputSplit> format = probe.sourceFormat(source.vertex(), source.spec());
                splits.put(source.spec().name(), probe.createSplits(source.vertex(), source.spec(), format));
            }
            return splits;
        });
    }

    /** The names of the batch sources of {@code graph}, in graph order (a source's name usually names its input). */
    public static List<String> batchSourceNames(JobGraph graph) {
        return batchSources(graph).stream().map(source -> source.spec().name()).toList();
    }

    /** A batch source operator and its vertex. */
    private record BatchSource(JobVertex vertex, OperatorSpec spec) {}

    private static List<BatchSource> batchSources(JobGraph graph) {
        List<BatchSource> sources = new ArrayList<>();
        for (JobVertex vertex : graph.vertices()) {
            for (OperatorSpec spec : vertex.chain()) {
                if (BatchKinds.BatchSource.NAME.equals(spec.kind())) {
                    sources.add(new BatchSource(vertex, spec));
                }
            }
        }
        return sources;
    }

    private void setUpSource(JobVertex vertex, OperatorSpec spec) {
        InputFormat<?, InputSplit> format = sourceFormat(vertex, spec);
        InputSplit[] splits = createSplits(vertex, spec, format);
        InputSplitAssigner assigner;
        try {
            assigner = format.getInputSplitAssigner(splits);
        } catch (RuntimeException e) {
            throw splitFailure(spec, e);
        }
        sources.put(vertex.id().index(), new SourceSplits(spec.name(), assigner, splits.length));
        LOG.info("Job '{}': source '{}' has {} input splits for {} subtasks", jobName, spec.name(), splits.length, vertex.parallelism());
    }

    private InputFormat<?, InputSplit> sourceFormat(JobVertex vertex, OperatorSpec spec) {
        if (spec != vertex.head()) {
            throw new FormatSetupException("Bug: batch source '" + spec.name() + "' of job '" + jobName + "' is not the head of vertex '"
                    + vertex.name() + "'", null);
        }
        @SuppressWarnings("unchecked")
        InputFormat<?, InputSplit> format = (InputFormat<?, InputSplit>) spec.descriptor(classLoader).kindAs(BatchKinds.BatchSource.class).format();
        return format;
    }

    /** {@code configure -> createInputSplits(parallelism)} of a source's format. */
    private InputSplit[] createSplits(JobVertex vertex, OperatorSpec spec, InputFormat<?, InputSplit> format) {
        try {
            format.configure(new Configuration());
            return format.createInputSplits(vertex.parallelism());
        } catch (Exception e) {
            throw splitFailure(spec, e);
        }
    }

    private FormatSetupException splitFailure(OperatorSpec spec, Exception e) {
        return new FormatSetupException("Source '" + spec.name() + "' of job '" + jobName + "' could not create its input splits: " + message(e), e);
    }

    private void setUpSink(JobVertex vertex, OperatorSpec spec) {
        OutputFormat<?> format = spec.descriptor(classLoader).kindAs(BatchKinds.BatchSink.class).format();
        try {
            format.configure(new Configuration());
            format.initializeGlobal(vertex.parallelism());
        } catch (Exception e) {
            throw new FormatSetupException("Sink '" + spec.name() + "' of job '" + jobName + "' could not prepare its output: " + message(e), e);
        }
        sinks.add(new Sink(spec.name(), format, vertex.parallelism()));
    }


    /** Whether the job has batch sources or sinks. */
    public boolean isEmpty() {
        return sources.isEmpty() && sinks.isEmpty();
    }

    /**
     * The next split for {@code task} (the head of its vertex is a batch source), Java-serialized,
     * or null when none is left.
     *
     * @throws IllegalArgumentException if the task's vertex has no batch source
     * @throws IllegalStateException if the task is an older attempt than one that asked before
     */
    public byte[] nextSplit(TaskId task, String host) {
        SourceSplits source = sources.get(task.vertex());
        if (source == null) {
            throw new IllegalArgumentException("Task " + task + " of job '" + jobName + "' asked for an input split, but the head of vertex "
                    + task.vertex() + " is not a batch source");
        }
        InputSplit split = withContextClassLoader(() -> source.next(task.subtask(), task.attempt(), host));
        LOG.debug("Job '{}': split {} of source '{}' to {} on {}", jobName, split == null ? "none" : split.getSplitNumber(),
                source.sourceName(), task, host);
        return split == null ? null : InstantiationUtil.serialize(split, "an input split of source '" + source.sourceName() + "'");
    }

    /**
     * The input splits of vertex {@code vertex}'s batch source as {@code [total, done]} (docs/monitoring.md,
     * "Job details"), or null if its head is not a batch source.
     *
     * @param finished whether a subtask of the vertex has finished (then all splits it took are done)
     */
    public int[] splitProgress(int vertex, IntPredicate finished) {
        SourceSplits source = sources.get(vertex);
        return source == null ? null : new int[] {source.totalSplits(), source.splitsDone(finished)};
    }

    /**
     * Gives the splits that subtask {@code subtask} of vertex {@code vertex} took back to its
     * source's assigner, so that its restarted attempt reads them again. Call when a failed source
     * subtask is restarted; a vertex without a batch source is ignored. (A newer attempt's first
     * request does the same on its own.)
     */
    public void returnInputSplits(int vertex, int subtask) {
        SourceSplits source = sources.get(vertex);
        if (source != null) {
            withContextClassLoader(() -> {
                source.returnSplits(subtask);
                return null;
            });
        }
    }

    /**
     * Ends the sinks with their job: commits their output if the job FINISHED ({@link
     * #finalizeSinks}), else cleans it up ({@link #cleanupSinks}); a failed commit is cleaned up too.
     *
     * @return why the commit failed (the job must then fail), or null
     */
    public RuntimeException finish(boolean jobFinished) {
        if (jobFinished) {
            try {
                finalizeSinks();
                return null;
            } catch (RuntimeException e) {
                cleanupSinks();
                return e;
            }
        }
        cleanupSinks();
        return null;
    }

    /**
     * Commits every sink's output ({@code finalizeGlobal}); call once after all tasks finished,
     * before the job is reported FINISHED.
     *
     * @throws FormatSetupException naming the sink if a commit fails (the job must then fail)
     */
    public void finalizeSinks() {
        if (sinksDone) {
            return;
        }
        sinksDone = true;
        withContextClassLoader(() -> {
            for (Sink sink : sinks) {
                try {
                    sink.format().finalizeGlobal(sink.parallelism());
                } catch (Exception e) {
                    throw new FormatSetupException("Sink '" + sink.name() + "' of job '" + jobName + "' could not commit its output: "
                            + message(e), e);
                }
            }
            return null;
        });
    }

    /** Removes what the sinks' subtasks left ({@code cleanupGlobal}) after a failure or cancellation. Never throws; logs failures. */
    public void cleanupSinks() {
        if (sinksDone) {
            return;
        }
        sinksDone = true;
        withContextClassLoader(() -> {
            for (Sink sink : sinks) {
                try {
                    sink.format().cleanupGlobal(sink.parallelism());
                } catch (Exception | LinkageError e) {
                    LOG.warn("Job '{}': sink '{}' could not clean up its output {}", jobName, sink.name(), sink.format(), e);
                }
            }
            return null;
        });
    }

    private <T> T withContextClassLoader(java.util.function.Supplier<T> action) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(classLoader);
        try {
            return action.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private void withContextClassLoader(Runnable action) {
        withContextClassLoader(() -> {
            action.run();
            return null;
        });
    }

    private static String message(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }
}
