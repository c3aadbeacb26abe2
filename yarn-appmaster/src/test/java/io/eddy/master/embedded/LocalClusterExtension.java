package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts a {@link LocalCluster} for a test and stops it afterwards, checking that no cluster or
 * task thread outlives it. Registered on a static field it serves the whole class; on an instance
 * field, each test gets a fresh cluster.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).build());
 * </pre>
 */
public final class LocalClusterExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** Task threads are named {@code <task name> (i/n) [v<vertex>#<subtask>.<attempt>]}. */
    private static final Pattern TASK_THREAD = Pattern.compile(".*\\[v\\d+#\\d+\\.\\d+]$");

    private final LocalClusterConfig config;
    private LocalCluster cluster;
    private boolean perClass;

    public LocalClusterExtension(LocalClusterConfig config) {
        this.config = config;
    }

    public LocalCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("The local cluster is not running: register the extension with @RegisterExtension");
        }
        return cluster;
    }

    public JobClient submit(JobGraph graph) throws JobExecutionException, InterruptedException {
        return cluster().submit(graph);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        perClass = true;
        cluster = LocalCluster.start(config);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (!perClass) {
            cluster = LocalCluster.start(config);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            stop();
        }
    }

    private void stop() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
            assertThat(leakedThreads()).as("threads left behind by the local cluster").isEmpty();
        }
    }

    /**
     * Non-daemon {@code eddy-*} threads and task threads that are still alive after being given up
     * to 5 s each to end (a thread may still be returning after its task's termination future completed).
     */
    public static List<String> leakedThreads() {
        List<Thread> candidates = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> (t.getName().startsWith("eddy-") && !t.isDaemon()) || TASK_THREAD.matcher(t.getName()).matches())
                .toList();
        for (Thread t : candidates) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return candidates.stream().filter(Thread::isAlive).map(t -> t.getName() + (t.isDaemon() ? " (daemon)" : "")).toList();
    }
}
