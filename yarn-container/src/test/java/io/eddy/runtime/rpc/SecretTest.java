package io.eddy.runtime.rpc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SecretTest {

    @Test
    void derivedTokensDependOnTheSecretAndThePurposeAndRevealNeither() {
        Secret secret = Secret.generate();
        String token = secret.derivedToken("web-actions");
        assertThat(token).matches("[0-9a-f]{64}").isEqualTo(secret.derivedToken("web-actions"))
                .isNotEqualTo(secret.derivedToken("other")).isNotEqualTo(Secret.generate().derivedToken("web-actions"))
                .doesNotContain(secret.toEncodedString());
        assertThat(Secret.fromEncodedString(secret.toEncodedString()).derivedToken("web-actions")).isEqualTo(token);
    }

    @Test
    void toStringNeverShowsTheSecret() {
        Secret secret = Secret.generate();
        assertThat(secret.toString()).doesNotContain(secret.toEncodedString()).contains("hidden");
    }

    @Test
    void writtenFileIsOwnerOnlyAndReadsBack(@TempDir Path dir) throws IOException {
        Secret secret = Secret.generate();
        Path file = dir.resolve("conf/cluster.secret");
        secret.writeTo(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        Secret read = Secret.fromFile(file);
        assertThat(read.toEncodedString()).isEqualTo(secret.toEncodedString());
        assertThat(read.mac(new byte[] {1})).isEqualTo(secret.mac(new byte[] {1}));
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void overwritingKeepsOwnerOnlyPermissions(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("s");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Secret.generate().writeTo(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void secretFileReadableByOthersIsWarnedAbout(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("open.secret");
        Secret secret = Secret.generate();
        Files.writeString(file, secret.toEncodedString());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        try (LogCapture log = LogCapture.of(Secret.class)) {
            assertThat(Secret.fromFile(file).toEncodedString()).isEqualTo(secret.toEncodedString());
            assertThat(log.await("readable by other users")).startsWith("WARN").contains(file.toString())
                    .contains("chmod 600");
        }
        try (LogCapture log = LogCapture.of(Secret.class)) {
            secret.writeTo(file);
            Secret.fromFile(file);
            assertThat(log.lines()).isEmpty();
        }
    }

    @Test
    void corruptFileNamesTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad");
        Files.writeString(file, "not hex");
        assertThatThrownBy(() -> Secret.fromFile(file))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void tooShortSecretsAreRefused() {
        assertThatThrownBy(() -> Secret.fromEncodedString("abcd"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 16");
    }

    @Test
    void missingEnvironmentVariableIsNamed() {
        assertThatThrownBy(() -> Secret.fromEnvironment("EDDY_TEST_SURELY_UNSET_SECRET"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("EDDY_TEST_SURELY_UNSET_SECRET");
    }

    @Test
    void differentSecretsGiveDifferentMacs() {
        assertThat(Secret.generate().mac(new byte[] {1})).isNotEqualTo(Secret.generate().mac(new byte[] {1}));
    }
}
