package io.eddy.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.MemorySize;
import io.eddy.yarn.YarnOptions;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which class-path entries the client ships, and how (docs/yarn.md, "What the client ships"): on
 * local directories and jars, without a cluster.
 */
class ShippedClassPathTest {

    private static final MemorySize DEFAULT_LIMIT = YarnOptions.SHIP_MAX_ENTRY_SIZE.defaultValue();

    @TempDir
    Path tmp;

    @Test
    void aHadoopConfigurationDirectoryIsNotShippedWhateverElseItHolds() throws Exception {
        Path conf = directory("etc/hadoop", "yarn-site.xml", "log4j.properties");
        // The cluster's data beside its configuration, as in the report: 467 MB (sparse), above the default limit of 256 MB.
        Path data = Files.createDirectories(conf.resolve("data/current"));
        try (RandomAccessFile block = new RandomAccessFile(data.resolve("blk_1073741825").toFile(), "rw")) {
            block.setLength(467L << 20);
        }
        Path app = jar("app.jar", null, "app/Main.class");

        ShippedClassPath.Resolved resolved = ShippedClassPath.resolve(conf + File.pathSeparator + app, DEFAULT_LIMIT);

        assertThat(resolved.jars()).containsExactly(app);
        assertThat(resolved.skipped()).containsExactly(new ShippedClassPath.SkippedDirectory(conf, ShippedClassPath.SkipReason.HADOOP_CONFIGURATION));
    }

    @Test
    void aDirectoryOfResourcesAloneIsShippedForGetResourceOnTheWorkers() throws Exception {
        Path resources = directory("job/conf", "job.properties", "META-INF/services/io.eddy.Plugin");

        ShippedClassPath.Resolved resolved = ShippedClassPath.resolve(resources.toString(), DEFAULT_LIMIT);

        assertThat(resolved.skipped()).isEmpty();
        assertThat(resolved.jars()).hasSize(1);
        assertThat(resolved.jars().get(0).getFileName().toString()).endsWith("-conf.jar");
        assertThat(entries(resolved.jars().get(0))).containsExactly("META-INF/services/io.eddy.Plugin", "job.properties");
    }

    @Test
    void aClassesDirectoryIsPackedWithTheResourcesBesideItsClasses() throws Exception {
        Path classes = directory("mod/target/classes", "a/b/C.class", "a/b/c.properties", "lib/bundled.jar");

        ShippedClassPath.Resolved resolved = ShippedClassPath.resolve(classes.toString(), DEFAULT_LIMIT);

        assertThat(resolved.skipped()).isEmpty();
        assertThat(resolved.jars()).hasSize(1);
        assertThat(entries(resolved.jars().get(0))).containsExactly("a/b/C.class", "a/b/c.properties", "lib/bundled.jar");
    }

    @Test
    void directoriesOfJarsWithoutClassesAndEmptyDirectoriesAreNotShipped() throws Exception {
        // As Hadoop's share/hadoop/hdfs, which 'hadoop classpath' lists for its web applications beside share/hadoop/hdfs/*.
        Path hdfs = directory("share/hadoop/hdfs", "hadoop-hdfs-3.5.0.jar", "webapps/hdfs/index.html");
        Path empty = Files.createDirectories(tmp.resolve("empty/sub"));

        ShippedClassPath.Resolved resolved = ShippedClassPath.resolve(hdfs + File.pathSeparator + empty.getParent(), DEFAULT_LIMIT);

        assertThat(resolved.jars()).isEmpty();
        assertThat(resolved.skipped()).containsExactly(
                new ShippedClassPath.SkippedDirectory(hdfs, ShippedClassPath.SkipReason.JARS_WITHOUT_CLASSES),
                new ShippedClassPath.SkippedDirectory(empty.getParent(), ShippedClassPath.SkipReason.NO_FILES));
    }

    @Test
    void anEntryLargerThanTheLimitIsRefusedNamingItAndTheOption() throws Exception {
        MemorySize limit = MemorySize.parse("64k");
        Path resources = Files.createDirectories(tmp.resolve("resources"));
        Files.write(resources.resolve("a.bin"), new byte[40 << 10]);
        Files.write(resources.resolve("b.bin"), new byte[(30 << 10) + 1]);
        assertThatThrownBy(() -> ShippedClassPath.resolve(resources.toString(), limit))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessage("The class-path entry " + resources + " (70.1 KB) is larger than eddy.yarn.ship.max-entry-size (64 KB): remove it"
                        + " from the class path (HADOOP_CLASSPATH, -cp) or raise eddy.yarn.ship.max-entry-size; nothing was uploaded");

        Path big = jar("big.jar", null, "big/Big.class");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(limit.bytes() + 1);
        }
        assertThatThrownBy(() -> ShippedClassPath.resolve(big.toString(), limit))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessageStartingWith("The class-path entry " + big + " (64.1 KB) is larger than eddy.yarn.ship.max-entry-size (64 KB)");

        Files.delete(resources.resolve("b.bin"));
        assertThat(ShippedClassPath.resolve(resources.toString(), limit).jars()).as("40 KB, within the limit").hasSize(1);
    }

    @Test
    void sizesAreRoundedUpSoThatAnEntryAboveTheLimitNeverPrintsAsTheLimit() {
        assertThat(ShippedClassPath.humanSize(1023)).isEqualTo("1023 bytes");
        assertThat(ShippedClassPath.humanSize(64 << 10)).isEqualTo("64 KB");
        assertThat(ShippedClassPath.humanSize((256L << 20) + 1)).isEqualTo("256.1 MB");
        assertThat(ShippedClassPath.humanSize(467L << 20)).isEqualTo("467 MB");
    }

    @Test
    void aManifestClassPathIsExpandedUnderTheSameRules() throws Exception {
        Path lib = jar("lib.jar", null, "a/A.class");
        Path classes = directory("module/target/classes", "b/B.class");
        Path conf = directory("conf", "core-site.xml");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        // surefire writes absolute file: URLs; relative entries resolve against the jar's directory
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "lib.jar " + classes.toUri()
                + " conf/ missing.jar");
        Path booter = jar("booter.jar", manifest);

        ShippedClassPath.Resolved resolved = ShippedClassPath.resolve(booter + File.pathSeparator + lib + File.pathSeparator
                + tmp.resolve("nowhere"), DEFAULT_LIMIT);

        assertThat(resolved.jars()).hasSize(3);
        assertThat(resolved.jars().get(0)).isEqualTo(booter);
        assertThat(resolved.jars().get(1)).isEqualTo(lib);
        assertThat(resolved.jars().get(2).getFileName()).hasToString("module-classes.jar");
        assertThat(entries(resolved.jars().get(2))).containsExactly("b/B.class");
        assertThat(resolved.skipped()).containsExactly(new ShippedClassPath.SkippedDirectory(conf, ShippedClassPath.SkipReason.HADOOP_CONFIGURATION));

        try (RandomAccessFile file = new RandomAccessFile(lib.toFile(), "rw")) {
            file.setLength(2 << 20);
        }
        assertThatThrownBy(() -> ShippedClassPath.resolve(booter.toString(), MemorySize.parse("1m")))
                .isInstanceOf(YarnDeploymentException.class).hasMessageContaining("The class-path entry " + lib + " (2 MB)");
    }

    @Test
    void aDirectoryIsPackedWithItsFilesAndRepackedOnlyWhenItChanges() throws IOException {
        Path classes = directory("mod/target/classes", "a/b/C.class", "top.properties");

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

    /** The directory {@code relative} under the test's folder with the {@code files} (paths below it), each holding its own name. */
    private Path directory(String relative, String... files) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(relative));
        for (String file : files) {
            Files.createDirectories(dir.resolve(file).getParent());
            Files.writeString(dir.resolve(file), file);
        }
        return dir;
    }

    private Path jar(String name, Manifest manifest, String... entries) throws IOException {
        Path jar = tmp.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream zip = manifest == null ? new JarOutputStream(out) : new JarOutputStream(out, manifest)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(entry.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    private static List<String> entries(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().forEach(e -> names.add(e.getName()));
        }
        return names;
    }
}
