package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.TestGraphs;
import io.eddy.master.WorkerSupply;
import io.eddy.runtime.rpc.Secret;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A job the master fails while it handles the submission (its slots can never be had) ends
 * before the client has the submission's answer: the client must report the job's failure, not
 * the connection it closed itself when the job ended.
 */
class JobFailingAtOnceTest {

    private static final String NEVER = "this test's supply never has slots";

    @Test
    void aJobThatFailsBeforeItsSubmissionIsAnsweredReportsItsFailure() throws Exception {
        WorkerSupply never = new WorkerSupply() {
            @Override
            public Optional<String> demand(int totalSlots, int jobSlots) {
                return Optional.of(NEVER);
            }

            @Override
            public String shortageAdvice() {
                return NEVER;
            }
        };
        Secret secret = Secret.generate();
        try (MasterServer server = MasterServer.start(new MasterServer.Spec("127.0.0.1", 0, secret, new Configuration(),
                UnaryOperator.identity(), null, never))) {
            PrintStream console = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
            RemoteExecutor executor = new RemoteExecutor(server.address(), secret, Duration.ofSeconds(10), 16, console, null);
            // The race between the job's end and the submission's answer goes either way: many jobs.
            for (int i = 0; i < 30; i++) {
                JobClient client = executor.submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), List.of(),
                        getClass().getClassLoader());
                try {
                    client.getJobResult().get(30, TimeUnit.SECONDS);
                    throw new AssertionError("job " + i + " finished, but its slots can never be had");
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).as("job %d", i).isInstanceOf(JobExecutionException.class);
                    assertThat(e.getCause().getMessage()).as("job %d", i).contains(NEVER);
                } finally {
                    client.close();
                }
            }
        }
    }
}
