package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.eddy.runtime.rpc.Secret;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Start-up errors of the master process, run in this JVM through {@code MasterMain.run}. */
@Timeout(60)
class MasterMainITCase {

    @Test
    void portInUseIsAClearError(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = new MasterMain().run(new String[] {"--port", Integer.toString(taken.getLocalPort()), "--secret-file", secret.toString()},
                    new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(code).isEqualTo(1);
            assertThat(err.toString(StandardCharsets.UTF_8))
                    .contains("127.0.0.1:" + taken.getLocalPort())
                    .containsIgnoringCase("address already in use");
        }
    }

    @Test
    void webPortInUseIsAClearError(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = new MasterMain().run(new String[] {"--port", "0", "--web-port", Integer.toString(taken.getLocalPort()),
                "--secret-file", secret.toString()}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(code).isEqualTo(1);
            assertThat(err.toString(StandardCharsets.UTF_8))
                    .contains("127.0.0.1:" + taken.getLocalPort())
                    .contains("--web-port -1");
        }
    }

    @Test
    void aWebPortOutOfRangeIsAUsageError(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new MasterMain().run(new String[] {"--port", "0", "--web-port", "-2", "--secret-file", secret.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--web-port -2").contains("-1 = no web endpoint");
    }

    @Test
    void missingSecretIsAUsageError() {
        assumeTrue(System.getenv("EDDY_CLUSTER_SECRET") == null, "the secret is set in this environment");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new MasterMain().run(new String[] {"--port", "0"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("EDDY_CLUSTER_SECRET");
    }
}
