package io.eddy.yarn.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.Configuration;
import io.eddy.master.remote.MasterLocator.Gone;
import io.eddy.master.remote.MasterLocator.Location;
import io.eddy.master.remote.MasterLocator.Serving;
import io.eddy.master.remote.MasterLocator.Starting;
import io.eddy.runtime.rpc.Secret;
import io.eddy.yarn.client.YarnCluster;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.util.Records;
import org.junit.jupiter.api.Test;

/** What a client that lost its ApplicationMaster reads from the application report, without a cluster. */
class YarnMasterLocatorTest {

    private static final ApplicationId APP = ApplicationId.newInstance(1_700_000_000_000L, 7);
    private static final InetSocketAddress FIRST = new InetSocketAddress("localhost", 40001);
    private static final YarnCluster CLUSTER = new YarnCluster(APP.toString(), FIRST, Secret.generate(), "hdfs:///eddy/" + APP, "");

    @Test
    void aNewAttemptThatRegisteredServesWithTheApplicationsSecret() {
        Location location = YarnMasterLocator.locationOf(report(YarnApplicationState.RUNNING, 2, "localhost", 40002), FIRST, CLUSTER);
        assertThat(location).isInstanceOfSatisfying(Serving.class, s -> {
            assertThat(s.address()).isEqualTo(new InetSocketAddress("localhost", 40002));
            assertThat(s.secret()).isSameAs(CLUSTER.secret());
            assertThat(s.description()).isEqualTo("the ApplicationMaster was restarted (attempt 2)");
        });
    }

    @Test
    void theKnownAddressServesAgainOrIsStillReportedForADeadAttempt() {
        Location location = YarnMasterLocator.locationOf(report(YarnApplicationState.RUNNING, 1, "localhost", 40001), FIRST, CLUSTER);
        assertThat(location).isInstanceOfSatisfying(Serving.class, s -> assertThat(s.description()).contains("(attempt 1) serves again"));
    }

    @Test
    void anAttemptThatHasNotRegisteredIsStarting() {
        assertThat(YarnMasterLocator.locationOf(report(YarnApplicationState.ACCEPTED, 2, "N/A", -1), FIRST, CLUSTER))
                .isInstanceOfSatisfying(Starting.class, s -> assertThat(s.state()).contains("ACCEPTED").contains("attempt 2"));
        assertThat(YarnMasterLocator.locationOf(report(YarnApplicationState.RUNNING, 2, "N/A", 0), FIRST, CLUSTER)).isInstanceOf(Starting.class);
    }

    @Test
    void anEndedApplicationIsGoneWithItsFinalStatusAndDiagnostics() {
        ApplicationReport report = report(YarnApplicationState.FAILED, 2, "N/A", -1);
        report.setFinalApplicationStatus(FinalApplicationStatus.FAILED);
        report.setDiagnostics("Application application_1700000000000_0007 failed 2 times due to AM Container exited with exitCode: 137\n");
        assertThat(YarnMasterLocator.locationOf(report, FIRST, CLUSTER)).isInstanceOfSatisfying(Gone.class, g -> assertThat(g.reason())
                .contains(APP.toString()).contains("ended FAILED with final status FAILED").contains("failed 2 times").contains("yarn logs"));
    }

    @Test
    void theTimeoutIsTheClientOption() {
        try (YarnMasterLocator locator = new YarnMasterLocator(new Configuration(), CLUSTER)) {
            assertThat(locator.reattachTimeout()).isEqualTo(Duration.ofMinutes(5));
            assertThat(locator.reattachTimeoutSetting()).isEqualTo("eddy.yarn.client.reattach-timeout");
        }
        Configuration shorter = new Configuration().set(YarnClientOptions.REATTACH_TIMEOUT, Duration.ofSeconds(30));
        try (YarnMasterLocator locator = new YarnMasterLocator(shorter, CLUSTER)) {
            assertThat(locator.reattachTimeout()).isEqualTo(Duration.ofSeconds(30));
        }
    }

    private static ApplicationReport report(YarnApplicationState state, int attempt, String host, int rpcPort) {
        ApplicationReport report = Records.newRecord(ApplicationReport.class);
        report.setApplicationId(APP);
        report.setYarnApplicationState(state);
        report.setFinalApplicationStatus(FinalApplicationStatus.UNDEFINED);
        report.setCurrentApplicationAttemptId(ApplicationAttemptId.newInstance(APP, attempt));
        report.setHost(host);
        report.setRpcPort(rpcPort);
        report.setDiagnostics("");
        return report;
    }
}
