package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How the master asks its {@link WorkerSupply} for slots: the demand it reports, a refusal that fails the job at once, the advice on timeout. */
class WorkerSupplyTest {

    /** A supply that records every demand and refuses jobs above {@code maxJobSlots}. */
    private static final class ScriptedSupply implements WorkerSupply {
        final List<int[]> demands = new CopyOnWriteArrayList<>();
        final int maxJobSlots;

        ScriptedSupply(int maxJobSlots) {
            this.maxJobSlots = maxJobSlots;
        }

        @Override
        public Optional<String> demand(int totalSlots, int jobSlots) {
            demands.add(new int[] {totalSlots, jobSlots});
            return jobSlots > maxJobSlots ? Optional.of("at most " + maxJobSlots + " slots: raise eddy.test.max") : Optional.empty();
        }

        @Override
        public String shortageAdvice() {
            return "ask the scripted supply";
        }
    }

    private Master master;

    @AfterEach
    void stop() {
        master.close();
    }

    private ScriptedSupply start(int maxJobSlots, Duration slotWait) {
        ScriptedSupply supply = new ScriptedSupply(maxJobSlots);
        master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(slotWait).withCancelTimeout(Duration.ofMillis(300)), Clock.systemUTC(),
                supply);
        return supply;
    }

    @Test
    void aJobTheSupplyCanNeverServeFailsAtOnceWithItsReasonInsteadOfWaiting() throws Exception {
        ScriptedSupply supply = start(2, Duration.ofMinutes(10));
        register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();

        submit(TestGraphs.twoVertices(3, ShipStrategy.REBALANCE, 1), client);

        // A slot wait of 10 minutes: a result within the await's bound means the job did not wait for it.
        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo("at most 2 slots: raise eddy.test.max");
        assertThat(supply.demands).singleElement().satisfies(d -> assertThat(d).containsExactly(3, 3));
        assertThat(master.slotReport().get()).as("nothing taken").containsExactly(1, 1, 1);
    }

    @Test
    void theDemandIsTheSlotsHeldPlusThoseOfEveryWaitingJob() throws Exception {
        ScriptedSupply supply = start(8, Duration.ofMinutes(10));
        FakeWorker first = register(new FakeWorker("worker-1", 2, 1001));
        submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), new RecordingClient());
        first.awaitDeployments(4);
        assertThat(supply.demands).as("a job whose slots are free asks for nothing").isEmpty();

        submit(TestGraphs.twoVertices(3, ShipStrategy.REBALANCE, 1), new RecordingClient());
        submit(TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1), new RecordingClient());

        assertThat(supply.demands).extracting(d -> List.of(d[0], d[1])).containsExactly(List.of(2 + 3, 3), List.of(2 + 3 + 1, 1));
        FakeWorker added = register(new FakeWorker("worker-2", 4, 1002));
        assertThat(added.awaitDeployments(4)).as("both waiting jobs run once the slots came").hasSize(4);
        assertThat(master.listJobs().get()).extracting(JobSummary::status).containsOnly(JobStatus.RUNNING);
    }

    @Test
    void aShortageThatOutlastsTheSlotWaitNamesTheSupplysAdvice() throws Exception {
        start(8, Duration.ofMillis(300));
        register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();

        submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), client);

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo("Job needs 2 slots but the cluster has 1 (1 worker x 1 slot): ask the scripted supply");
    }

    private FakeWorker register(FakeWorker worker) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        return worker;
    }

    private void submit(io.eddy.jobgraph.JobGraph graph, RecordingClient client) throws Exception {
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
    }
}
