package io.eddy.yarn.appmaster;

import io.eddy.api.common.io.InputSplit;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.batch.FormatCoordinator;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.yarn.YarnOptions;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The locality hints of a per-job ApplicationMaster (docs/yarn.md, "Locality"): the job graph the
 * client staged with the application, its batch sources' input splits created as the master will
 * create them ({@link FormatCoordinator#createInputSplits}), and from the bytes each host stores
 * ({@link SplitLocality}) how many of the worker containers to ask for on each host.
 *
 * <p>Creating splits lists the input and asks the NameNode for block locations, which can take
 * long for a large input, so it runs on a thread of its own ({@value #THREAD_NAME}) while the AM
 * starts, and the hints are ready at the latest {@code yarn.per-job.locality-timeout} after the
 * start: then the thread is interrupted and left to end by itself. Whatever goes wrong (the staged
 * graph unreadable, a format that fails, e.g. on a missing input path, or takes too long) leaves
 * the hints empty, so that the containers are asked for anywhere, and {@link Hints#failure()} and
 * the explanation say what and where. Nothing is hidden by that: the master creates the same splits
 * when the job arrives, and a real problem with the input fails the job there.
 *
 * <p>Threads: the work runs on the {@value #THREAD_NAME} thread, the timeout on a thread of {@link
 * CompletableFuture#delayedExecutor}; the returned future completes once, by whichever comes first,
 * and never exceptionally.
 */
final class InputLocality {

    private static final String THREAD_NAME = "eddy-input-locality";

    private InputLocality() {}

    /**
     * Where to ask for the worker containers.
     *
     * @param containersPerHost how many containers to ask for on each host ({@link SplitLocality#containersPerHost}); empty: anywhere
     * @param explanation where the hints come from, or why there are none (naming the input and the error)
     * @param failure the error that left the hints empty, or null when there was none
     */
    record Hints(Map<String, Integer> containersPerHost, String explanation, Throwable failure) {
        Hints {
            containersPerHost = Collections.unmodifiableMap(new LinkedHashMap<>(containersPerHost));
        }

        static Hints none(String explanation, Throwable failure) {
            return new Hints(Map.of(), explanation, failure);
        }
    }

    /**
     * Starts computing the hints for the job staged at {@code graphFile} (none when no job was
     * staged: the application was deployed without its job).
     *
     * @param hadoopConf the configuration to open {@code graphFile}'s file system with
     * @param containers the worker containers to share out over the hosts
     * @param timeout how long the work may take; zero or negative: no hints
     * @param classLoader loads the job's input formats (the AM's class path holds the job's jars)
     */
    static CompletableFuture<Hints> ofStagedJob(Configuration hadoopConf, Path graphFile, int containers,
            Duration timeout, ClassLoader classLoader) {
        return bounded("the job staged at " + graphFile, timeout, input -> {
            JobGraph graph;
            try {
                FileSystem fs = graphFile.getFileSystem(hadoopConf);
                if (!fs.exists(graphFile)) {
                    return Hints.none("the application was deployed without its job (no " + graphFile + "), so its input is not known", null);
                }
                try (InputStream in = fs.open(graphFile)) {
                    graph = JobGraphBytes.decode(in.readAllBytes());
                }
            } catch (IOException e) {
                return Hints.none("cannot read the job graph staged at " + graphFile + ": " + e, e);
            }
            return weigh(graph, containers, classLoader, input);
        });
    }

    /** Starts computing the hints for {@code graph}; see {@link #ofStagedJob}. */
    static CompletableFuture<Hints> ofJob(JobGraph graph, int containers, Duration timeout, ClassLoader classLoader) {
        return bounded(describe(graph), timeout, input -> weigh(graph, containers, classLoader, input));
    }

    /**
     * Runs {@code work} on a new {@value #THREAD_NAME} thread, for at most {@code timeout}. {@code
     * work} gets a reference to what it works on, {@code input} at first, for the explanations of
     * a timeout and of an exception it throws.
     */
    private static CompletableFuture<Hints> bounded(String input, Duration timeout, Function<AtomicReference<String>, Hints> work) {
        if (timeout.isZero() || timeout.isNegative()) {
            return CompletableFuture.completedFuture(
                    Hints.none("locality hints are off (eddy." + YarnOptions.PER_JOB_LOCALITY_TIMEOUT.key() + " is " + timeout + ")", null));
        }
        AtomicReference<String> current = new AtomicReference<>(input);
        CompletableFuture<Hints> hints = new CompletableFuture<>();
        Thread thread = new Thread(() -> hints.complete(work.apply(current)), THREAD_NAME);
        thread.setDaemon(true);
        thread.setUncaughtExceptionHandler((t, e) -> hints.complete(Hints.none("the input splits of " + current.get() + " could not be created: "
                + e, e)));
        thread.start();
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            String message = "creating the input splits of " + current.get() + " took longer than " + timeout + " (eddy."
                    + YarnOptions.PER_JOB_LOCALITY_TIMEOUT.key() + ")";
            if (hints.complete(Hints.none(message, new TimeoutException(message)))) {
                thread.interrupt();
            }
        });
        return hints;
    }

    /** Runs on the {@value #THREAD_NAME} thread; exceptions of the formats go to its uncaught exception handler. */
    private static Hints weigh(JobGraph graph, int containers, ClassLoader classLoader, AtomicReference<String> input) {
        String job = describe(graph);
        input.set(job);
        if (FormatCoordinator.batchSourceNames(graph).isEmpty()) {
            return Hints.none(job + " has no batch source, whose input splits would name hosts", null);
        }
        Map<String, InputSplit[]> splitsBySource = FormatCoordinator.createInputSplits(graph, classLoader);
        List<InputSplit> splits = new ArrayList<>();
        splitsBySource.values().forEach(s -> splits.addAll(Arrays.asList(s)));
        Map<String, Long> bytes = SplitLocality.bytesPerHost(splits);
        Map<String, Integer> perHost = SplitLocality.containersPerHost(bytes, containers);
        if (perHost.isEmpty()) {
            return Hints.none("the " + splits.size() + " input splits of " + job + " name no host that stores their data", null);
        }
        return new Hints(perHost, "the " + splits.size() + " input splits of " + job + " are stored on hosts with these bytes: " + bytes
                + "; asking for " + perHost + " of " + containers + " worker containers there", null);
    }

    /** {@code job 'name' (id) (sources [...])}: a batch source's name names its input, e.g. {@code Text Source: hdfs://...}. */
    private static String describe(JobGraph graph) {
        List<String> sources = FormatCoordinator.batchSourceNames(graph);
        return "job '" + graph.name() + "' (" + graph.jobId() + ")" + (sources.isEmpty() ? "" : " (sources " + sources + ")");
    }
}
