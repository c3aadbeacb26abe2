package io.eddy.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShippedClassPathTest {

    @TempDir
    Path tmp;

    @Test
    void aDirectoryIsPackedWithItsFilesAndRepackedOnlyWhenItChanges() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("mod/target/classes"));
        Files.createDirectories(classes.resolve("a/b"));
        Files.writeString(classes.resolve("a/b/C.class"), "c");
        Files.writeString(classes.resolve("top.properties"), "t");

        Path jar = ShippedClassPath.pack(classes);
        assertThat(jar.getFileName()).hasToString("mod-classes.jar");
        assertThat(entries(jar)).containsExactly("a/b/C.class", "top.properties");
        assertThat(ShippedClassPath.pack(classes)).isEqualTo(jar);

        Files.writeString(classes.resolve("a/b/C.class"), "changed");
        Files.setLastModifiedTime(classes.resolve("a/b/C.class"), FileTime.fromMillis(0));
        Path repacked = ShippedClassPath.pack(classes);
        assertThat(repacked).isNotEqualTo(jar);
        try (JarFile j = new JarFile(repacked.toFile()); InputStream in = j.getInputStream(j.getEntry("a/b/C.class"))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("changed");
        }
    }

    @Test
    void packedJarsAndTheirFoldersAreDeletedWhenTheJvmExits() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("mod/target/classes"));
        Files.writeString(classes.resolve("X.class"), "x");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), PackAndExit.class.getName(), classes.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        Path jar = Path.of(output.lines().filter(l -> l.startsWith("packed ")).findFirst().orElseThrow().substring("packed ".length()));
        assertThat(jar.getFileName()).hasToString("mod-classes.jar");
        assertThat(jar).doesNotExist();
        assertThat(jar.getParent()).doesNotExist();
    }

    /** Packs the directory of its argument, prints the jar's path and exits. */
    static final class PackAndExit {
        public static void main(String[] args) throws IOException {
            Path jar = ShippedClassPath.pack(Path.of(args[0]));
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("No jar at " + jar);
            }
            System.out.println("packed " + jar);
        }
    }

    private static List<String> entries(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().forEach(e -> names.add(e.getName()));
        }
        return names;
    }
}
