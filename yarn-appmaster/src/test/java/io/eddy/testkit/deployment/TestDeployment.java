package io.eddy.testkit.deployment;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.jobgraph.JobId;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;

/**
 * One of the places an Eddy program runs, as a JUnit 5 extension that starts it for a test class and
 * stops it after: {@link EmbeddedDeployment} (a local cluster in the test JVM), {@link
 * ProcessDeployment} (a master and worker processes on loopback) and {@link YarnSessionDeployment}
 * (a session application on a MiniYARNCluster, whose containers are processes on this machine). A
 * correctness suite written once against this interface runs on all three; its functions report
 * through a {@link io.eddy.testkit.results.ResultDirectory}, never through static fields.
 *
 * <pre>
 * abstract class ExactlyOnceSuite {
 *     abstract TestDeployment deployment();
 *     ... deployment().submit(env.getJobGraph("job")) ... deployment().killWorker(pid) ...
 * }
 * class ExactlyOnceOnProcessesITCase extends ExactlyOnceSuite {
 *     &#64;RegisterExtension static final ProcessDeployment DEPLOYMENT = new ProcessDeployment(3, 2);
 *     TestDeployment deployment() { return DEPLOYMENT; }
 * }
 * </pre>
 *
 * <p>Threads: the test thread only.
 */
public interface TestDeployment extends BeforeAllCallback, AfterAllCallback {

    /** {@code embedded}, {@code processes} or {@code yarn}: for messages. */
    String name();

    /**
     * Settings with which {@code getExecutionEnvironment(settings)} runs a program's
     * {@code execute()} / {@code executeAndCollect()} here. (Embedded: the {@code embedded} target,
     * which starts a local cluster per job; use {@link #submit} to run on this class's cluster.)
     */
    Configuration settings();

    /** Submits {@code graph} to this deployment's cluster and returns at once; close the client when done. */
    JobClient submit(JobGraph graph) throws Exception;

    /**
     * Kills the worker that runs in process {@code pid} (as a task's function sees it in {@code
     * ProcessHandle.current()}) and gets a replacement going with as many slots: a SIGKILL
     * ({@code destroyForcibly}) of the worker process, or of the YARN container, whose replacement
     * the ApplicationMaster requests. Embedded workers all share the test's pid: there the worker
     * lost (as a process cluster loses one whose connection closed) is one that runs tasks now.
     */
    void killWorker(long pid) throws Exception;

    /** Waits until {@link #workers()} workers are registered (replacements of killed ones included). */
    void awaitWorkers() throws Exception;

    /** The workers the cluster keeps (after a kill, counting the replacement). */
    int workers();

    /** Takes a savepoint of {@code job} under {@code directory}, cancelling it after if asked; returns the savepoint's path. */
    String triggerSavepoint(JobId job, String directory, boolean cancelAfter) throws Exception;

    /** The command-line options that point {@code eddy} (e.g. {@code savepoint}, {@code cancel}) at this deployment's master. */
    List<String> cliTarget() throws Exception;

    /** Waits until {@code job} ended and returns how. */
    JobStatus awaitTermination(JobId job, Duration timeout) throws Exception;
}
