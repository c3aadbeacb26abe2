package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.MasterLocator.Gone;
import io.eddy.master.remote.MasterLocator.Location;
import io.eddy.master.remote.MasterLocator.Serving;
import io.eddy.master.remote.MasterLocator.Starting;
import io.eddy.runtime.rpc.ErrorResponse;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.RpcRemoteException;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a client finds its job's master again, without sockets or YARN: a scripted locator and attacher, and a clock that moves only when the loop sleeps. */
class JobReattachmentTest {

    private static final JobId JOB = JobId.generate();
    private static final InetSocketAddress LOST = InetSocketAddress.createUnresolved("am-host", 40001);
    private static final InetSocketAddress NEW = InetSocketAddress.createUnresolved("other-host", 40002);
    private static final Secret SECRET = Secret.generate();
    private static final Serving RESTARTED = new Serving(NEW, SECRET, "the ApplicationMaster was restarted (attempt 2)");

    private final FakeClock clock = new FakeClock();

    @Test
    void waitsWhileTheMasterStartsAndRetriesAnUnreachableOneThenFollowsTheJobThere() throws Exception {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofMinutes(1),
                new Starting("ACCEPTED"), new Serving(LOST, SECRET, "stale"), RESTARTED);
        List<InetSocketAddress> tried = new ArrayList<>();
        JobReattachment.Reattached<String> reattached = JobReattachment.reattach(JOB, LOST, locator, master -> {
            tried.add(master.address());
            if (master.address().equals(LOST)) {
                throw new RpcException("Connection refused: " + master.address());
            }
            return Optional.of("connection to " + master.address().getHostString());
        }, clock, clock::sleep);

        assertThat(reattached.connection()).isEqualTo("connection to other-host");
        assertThat(reattached.master()).isEqualTo(RESTARTED);
        assertThat(tried).containsExactly(LOST, NEW);
        assertThat(clock.slept).as("two polls waited").isEqualTo(JobReattachment.POLL_INTERVAL.multipliedBy(2));
    }

    @Test
    void aFailedLookIsRetried() throws Exception {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofMinutes(1), null, RESTARTED);
        assertThat(JobReattachment.reattach(JOB, LOST, locator, master -> Optional.of("c"), clock, clock::sleep).connection()).isEqualTo("c");
    }

    @Test
    void anApplicationThatEndedFailsTheJobWithItsReason() {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofMinutes(1), new Starting("ACCEPTED"),
                new Gone("YARN application application_1_0001 ended KILLED with final status KILLED: killed by bob"));
        assertThatThrownBy(() -> JobReattachment.reattach(JOB, LOST, locator, master -> Optional.of("c"), clock, clock::sleep))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("lost the connection to the master at am-host:40001")
                .hasMessageContaining("final status KILLED: killed by bob");
    }

    @Test
    void aMasterThatDoesNotKnowTheJobFailsItAtOnce() {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofMinutes(1), RESTARTED, RESTARTED);
        assertThatThrownBy(() -> JobReattachment.reattach(JOB, LOST, locator, master -> Optional.empty(), clock, clock::sleep))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("the ApplicationMaster was restarted (attempt 2)")
                .hasMessageContaining("does not know the job: it was not recovered there");
        assertThat(clock.slept).isZero();
    }

    @Test
    void aRefusedAttachFailsTheJobWithTheMastersReason() {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofMinutes(1), RESTARTED);
        RpcRemoteException refusal = new RpcRemoteException("Request AttachJob to other-host:40002",
                new ErrorResponse("java.lang.IllegalArgumentException", "Job x sends records to its client through the collect sink(s) [c]", ""));
        assertThatThrownBy(() -> JobReattachment.reattach(JOB, LOST, locator, master -> {
            throw refusal;
        }, clock, clock::sleep))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("refused to let this client follow the job")
                .hasMessageContaining("collect sink(s) [c]");
    }

    @Test
    void aMasterThatDoesNotComeBackInTimeFailsTheJobNamingTheSettingAndWhatWasSeenLast() {
        ScriptedLocator locator = new ScriptedLocator(Duration.ofSeconds(2), new Starting("ACCEPTED; attempt 2 has not registered yet"));
        assertThatThrownBy(() -> JobReattachment.reattach(JOB, LOST, locator, master -> Optional.of("c"), clock, clock::sleep))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("did not serve the job again within 2 s (eddy.test.reattach-timeout)")
                .hasMessageContaining("last seen: ACCEPTED; attempt 2 has not registered yet");
        assertThat(clock.slept).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(2).plus(JobReattachment.POLL_INTERVAL));
    }

    /** Answers its script in order, then repeats the last answer; a null entry is a failed look. */
    private static final class ScriptedLocator implements MasterLocator {
        private final Duration timeout;
        private final Deque<Optional<Location>> script = new ArrayDeque<>();
        private Optional<Location> last;

        ScriptedLocator(Duration timeout, Location... answers) {
            this.timeout = timeout;
            for (Location answer : answers) {
                script.add(Optional.ofNullable(answer));
            }
        }

        @Override
        public Duration reattachTimeout() {
            return timeout;
        }

        @Override
        public String reattachTimeoutSetting() {
            return "eddy.test.reattach-timeout";
        }

        @Override
        public Location locate() throws IOException {
            if (!script.isEmpty()) {
                last = script.poll();
            }
            return last.orElseThrow(() -> new IOException("the ResourceManager is not reachable"));
        }

        @Override
        public void close() {}
    }

    /** A clock that advances only by what the loop sleeps. */
    private static final class FakeClock extends Clock {
        Duration slept = Duration.ZERO;

        void sleep(Duration d) {
            slept = slept.plus(d);
        }

        @Override
        public Instant instant() {
            return Instant.EPOCH.plus(slept);
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
