package io.eddy.runtime.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserCodeLibraryTest {

    @TempDir
    Path temp;

    @Test
    void storesJarsAndLoadsFromThemUntilClosed() throws Exception {
        NamedBlob jar = new NamedBlob("job.jar", jarWith("eddy-test/hello.txt", "hello"));

        UserCodeLibrary library = UserCodeLibrary.create(JobId.generate(), List.of(jar), temp, getClass().getClassLoader());
        Path dir = library.directory();
        try (InputStream in = library.classLoader().getResourceAsStream("eddy-test/hello.txt")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("hello");
        }
        assertThat(dir.resolve("job.jar")).exists();
        // parent-first: the process class path wins
        assertThat(library.classLoader().loadClass(UserCodeLibrary.class.getName())).isSameAs(UserCodeLibrary.class);

        library.close();

        assertThat(dir).doesNotExist();
    }

    @Test
    void withoutJarsTheParentIsUsedAndNothingIsStored() throws IOException {
        UserCodeLibrary library = UserCodeLibrary.create(JobId.generate(), List.of(), temp, getClass().getClassLoader());

        assertThat(library.classLoader()).isSameAs(getClass().getClassLoader());
        assertThat(library.directory()).isNull();
        try (var files = Files.list(temp)) {
            assertThat(files).isEmpty();
        }
        library.close();
    }

    @Test
    void blobNamesCannotEscapeTheJobDirectory() {
        assertThatThrownBy(() -> new NamedBlob("../evil.jar", new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plain file name");
    }

    private static byte[] jarWith(String entry, String content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            jar.putNextEntry(new JarEntry(entry));
            jar.write(content.getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }
}
