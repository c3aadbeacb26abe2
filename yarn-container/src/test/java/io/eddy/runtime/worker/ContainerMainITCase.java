package io.eddy.runtime.worker;

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

/** Start-up errors of the worker process, run in this JVM through {@code ContainerMain.run}. */
@Timeout(60)
class ContainerMainITCase {

    private record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new ContainerMain().run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unreachableMasterExitsWithOneNamingTheAddress(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        Result r = run("--master", "127.0.0.1:" + port, "--name", "worker-7", "--secret-file", secret.toString(), "--connect-timeout", "5s");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("worker-7").contains("127.0.0.1:" + port);
    }

    @Test
    void theSecretIsNeverAnOptionAndAMissingOneIsAUsageError() {
        assertThat(run("--master", "127.0.0.1:6123", "--secret", "00ff").code()).isEqualTo(2);
        assumeTrue(System.getenv(ContainerMain.SECRET_ENVIRONMENT_VARIABLE) == null, "the secret is set in this environment");
        Result r = run("--master", "127.0.0.1:6123");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains(ContainerMain.SECRET_ENVIRONMENT_VARIABLE).contains("--secret-file");
    }

    @Test
    void malformedMasterAddressIsAUsageError(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        Result r = run("--master", "localhost", "--secret-file", secret.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--master: 'localhost'");
    }
}
