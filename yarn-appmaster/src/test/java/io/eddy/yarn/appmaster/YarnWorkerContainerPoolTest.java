package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.yarn.appmaster.WorkerContainerPool.Decision;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.junit.jupiter.api.Test;

/** The replacement and failure policy of worker containers, driven by events without YARN. */
class YarnWorkerContainerPoolTest {

    @Test
    void launchesWhatIsOutstandingAndReleasesExtraAllocationsWithoutCountingThem() {
        WorkerContainerPool pool = new WorkerContainerPool(2, 1);
        assertThat(pool.start()).isEqualTo(2);
        assertThat(pool.allocated("c1")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.allocated("c2")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.allocated("c3")).isEqualTo(Decision.RELEASE);
        assertThat(pool.completed("c3", ContainerExitStatus.ABORTED, "released by the AM")).isEqualTo(Decision.IGNORE);
        assertThat(pool.running()).isEqualTo(2);
        assertThat(pool.outstanding()).isZero();
        assertThat(pool.failed()).isZero();
    }

    @Test
    void containersKeptFromThePreviousAttemptCountAsRunningAndAreReplacedWhenLost() {
        WorkerContainerPool pool = new WorkerContainerPool(3, 0);
        assertThat(pool.start(java.util.List.of("old1", "old2"))).as("only the missing container is requested").isEqualTo(1);
        assertThat(pool.running()).isEqualTo(2);
        assertThat(pool.allocated("new1")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.allocated("new2")).isEqualTo(Decision.RELEASE);
        assertThat(pool.completed("old1", ContainerExitStatus.ABORTED, "node lost")).isEqualTo(Decision.REPLACE);
        assertThat(pool.running()).isEqualTo(2);
        assertThat(pool.outstanding()).isEqualTo(1);

        WorkerContainerPool all = new WorkerContainerPool(2, 0);
        assertThat(all.start(java.util.List.of("old1", "old2"))).as("nothing to request").isZero();
        assertThat(all.allocated("late")).isEqualTo(Decision.RELEASE);
    }

    @Test
    void containersTakenAwayByYarnAreReplacedWithoutCounting() {
        WorkerContainerPool pool = new WorkerContainerPool(1, 0);
        pool.start();
        pool.allocated("c1");
        assertThat(pool.completed("c1", ContainerExitStatus.PREEMPTED, "pre-empted")).isEqualTo(Decision.REPLACE);
        assertThat(pool.allocated("c2")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.completed("c2", ContainerExitStatus.ABORTED, "node lost")).isEqualTo(Decision.REPLACE);
        assertThat(pool.allocated("c3")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.completed("c3", ContainerExitStatus.KILLED_BY_RESOURCEMANAGER, "")).isEqualTo(Decision.REPLACE);
        assertThat(pool.failed()).isZero();
        assertThat(pool.replacedUncounted()).isEqualTo(3);
        assertThat(pool.outstanding()).isEqualTo(1);
    }

    @Test
    void failuresAreCountedAndReplacedUntilTheLimitThenTheApplicationFailsWithTheLastDiagnostics() {
        WorkerContainerPool pool = new WorkerContainerPool(2, 1);
        pool.start();
        pool.allocated("c1");
        pool.allocated("c2");
        assertThat(pool.completed("c1", 137, "killed")).isEqualTo(Decision.REPLACE);
        assertThat(pool.allocated("c3")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.completed("c2", 1, "worker exited: the connection to the master closed")).isEqualTo(Decision.FAIL);
        assertThat(pool.failureReason()).contains("2 worker containers failed").contains("at most 1").contains("c2")
                .contains("exit status 1").contains("the connection to the master closed").contains("eddy.yarn.max-failed-containers");
        assertThat(pool.completed("c3", 1, "after the end")).as("events after the failure change nothing").isEqualTo(Decision.IGNORE);
    }

    @Test
    void aWorkerTheNodeManagerCouldNotStartCountsAndItsLaterCompletionIsIgnored() {
        WorkerContainerPool pool = new WorkerContainerPool(1, 1);
        pool.start();
        pool.allocated("c1");
        assertThat(pool.launchFailed("c1", "no such file")).isEqualTo(Decision.REPLACE);
        assertThat(pool.completed("c1", ContainerExitStatus.ABORTED, "released")).isEqualTo(Decision.IGNORE);
        assertThat(pool.failed()).isEqualTo(1);
        assertThat(pool.outstanding()).isEqualTo(1);
    }

    @Test
    void afterStopAllocationsAreReleasedAndCompletionsIgnored() {
        WorkerContainerPool pool = new WorkerContainerPool(1, 0);
        pool.start();
        pool.allocated("c1");
        pool.stop();
        assertThat(pool.completed("c1", 143, "killed at the end")).isEqualTo(Decision.IGNORE);
        assertThat(pool.allocated("c2")).isEqualTo(Decision.RELEASE);
        assertThat(pool.failureReason()).isNull();
    }

    @Test
    void unknownContainersAreIgnored() {
        WorkerContainerPool pool = new WorkerContainerPool(1, 0);
        pool.start();
        assertThat(pool.completed("someone-else", 1, "")).isEqualTo(Decision.IGNORE);
        assertThat(pool.launchFailed("someone-else", "")).isEqualTo(Decision.IGNORE);
        assertThat(pool.failed()).isZero();
    }

    @Test
    void growingRequestsOnlyTheMissingContainersAndNeverShrinks() {
        WorkerContainerPool pool = new WorkerContainerPool(1, 1);
        assertThat(pool.start()).isEqualTo(1);
        assertThat(pool.allocated("c1")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.growTo(3)).isEqualTo(2);
        assertThat(pool.outstanding()).isEqualTo(2);
        assertThat(pool.growTo(2)).as("fewer than kept").isZero();
        assertThat(pool.growTo(3)).as("as many as kept").isZero();
        assertThat(pool.allocated("c2")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.allocated("c3")).isEqualTo(Decision.LAUNCH);
        assertThat(pool.allocated("c4")).isEqualTo(Decision.RELEASE);
        assertThat(pool.completed("c2", ContainerExitStatus.PREEMPTED, "pre-empted")).as("grown containers are replaced too").isEqualTo(Decision.REPLACE);
        assertThat(pool.target()).isEqualTo(3);
        pool.stop();
        assertThat(pool.growTo(5)).as("a stopped pool asks for nothing").isZero();
    }
}
