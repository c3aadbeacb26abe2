package io.eddy.yarn.client;

import io.eddy.configuration.MemorySize;
import io.eddy.yarn.YarnOptions;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local jars that make up a class path, ready to ship: jar entries as they are, the entries of
 * a jar manifest's {@code Class-Path} added (recursively; surefire and IDEs start JVMs with a
 * manifest-only jar), and directories packed into jars when the job may need what they hold
 * (docs/yarn.md, "What the client ships"):
 *
 * <ul>
 *   <li>a Hadoop configuration directory (one of {@link HadoopConfigurations#SITE_FILES} at its top,
 *       as every directory the client loads its configuration from) is not shipped: that
 *       configuration travels as the site files {@link ApplicationStaging} writes, and whatever else
 *       such a directory holds (often the cluster's own data) is not the job's;
 *   <li>a directory holding jars but no class files is not shipped: a JVM loads no classes from jars
 *       inside a class-path directory (e.g. Hadoop's {@code share/hadoop/hdfs}, which {@code hadoop
 *       classpath} lists for its web applications);
 *   <li>a directory holding no files is not shipped;
 *   <li>any other directory is packed: classes with their resources ({@code target/classes}), and a
 *       directory of resources alone (a {@code conf/} of the job's {@code .properties}, Gradle's
 *       {@code build/resources/main}), which the job reads through {@code getResource} on the
 *       workers as on the client.
 * </ul>
 *
 * A shipped entry larger than the limit ({@link YarnOptions#SHIP_MAX_ENTRY_SIZE}; a
 * directory by the sum of its files, measured before packing) fails the resolution, naming it.
 * Packing is deterministic (sorted entries, fixed times), so the same directory content gives the
 * same jar bytes and the content-addressed staging cache uploads it once.
 *
 * <p>Thread-safe: packed jars are cached per directory and content fingerprint for the JVM's life.
 */
final class ShippedClassPath {

    private static final Logger LOG = LoggerFactory.getLogger(ShippedClassPath.class);
    private static final FileTime FIXED_TIME = FileTime.fromMillis(315532800000L); // 1980-01-01, the zip epoch
    /** Packed jars by directory; valid while the directory's fingerprint is unchanged. */
    private static final Map<Path, PackedDirectory> PACKED = new ConcurrentHashMap<>();

    private record PackedDirectory(long fingerprint, Path jar) {}

    /** Why a class-path directory is not shipped. */
    enum SkipReason {
        HADOOP_CONFIGURATION("it is a Hadoop configuration directory; its configuration travels as the site files of the application's"
                + " staging directory"),
        JARS_WITHOUT_CLASSES("it holds jars but no class files, and a JVM loads no classes from jars inside a class-path directory;"
                + " put a jar the job needs on the class path itself"),
        NO_FILES("it holds no files");

        private final String explanation;

        SkipReason(String explanation) {
            this.explanation = explanation;
        }

        String explanation() {
            return explanation;
        }
    }

    /** A class-path directory left out, and why. */
    record SkippedDirectory(Path directory, SkipReason reason) {}

    /** What to ship of a class path: the jars in class-path order, and the directories left out. */
    record Resolved(List<Path> jars, List<SkippedDirectory> skipped) {}

    /** The files of a directory, their total size, and whether class files or jars are among them. */
    private record Listing(List<Path> files, long bytes, boolean classes, boolean jars) {

        static Listing of(Path dir) throws IOException {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            long bytes = 0;
            boolean classes = false;
            boolean jars = false;
            for (Path file : files) {
                bytes += Files.size(file);
                String name = file.getFileName().toString();
                classes |= name.endsWith(".class");
                jars |= name.endsWith(".jar");
            }
            return new Listing(files, bytes, classes, jars);
        }
    }

    private ShippedClassPath() {}

    /** What to ship of this JVM's {@code java.class.path}; see {@link #resolve}. */
    static Resolved ofThisJvm(MemorySize maxEntrySize) throws IOException, YarnDeploymentException {
        return resolve(System.getProperty("java.class.path", ""), maxEntrySize);
    }

    /**
     * What to ship of a class path string (entries separated by {@link File#pathSeparator}): its
     * jars, and its directories packed by the rules of the class comment; missing entries are
     * skipped, and each skipped directory is logged at INFO with the reason.
     *
     * @throws YarnDeploymentException naming the first shipped entry larger than {@code maxEntrySize}
     *     and the option that sets the limit; nothing is packed past it
     */
    static Resolved resolve(String classPath, MemorySize maxEntrySize) throws IOException, YarnDeploymentException {
        Set<Path> jars = new LinkedHashSet<>();
        Set<Path> seen = new LinkedHashSet<>();
        List<SkippedDirectory> skipped = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                add(Path.of(entry).toAbsolutePath().normalize(), maxEntrySize, jars, seen, skipped);
            }
        }
        return new Resolved(new ArrayList<>(jars), List.copyOf(skipped));
    }

    private static void add(Path entry, MemorySize max, Set<Path> jars, Set<Path> seen, List<SkippedDirectory> skipped)
            throws IOException, YarnDeploymentException {
        if (!seen.add(entry)) {
            return;
        }
        if (Files.isDirectory(entry)) {
            SkipReason reason = addDirectory(entry, max, jars);
            if (reason != null) {
                LOG.info("Not shipping the class-path directory {}: {}", entry, reason.explanation());
                skipped.add(new SkippedDirectory(entry, reason));
            }
        } else if (Files.isRegularFile(entry)) {
            checkSize(entry, Files.size(entry), max);
            jars.add(entry);
            for (Path referenced : manifestClassPath(entry)) {
                add(referenced, max, jars, seen, skipped);
            }
        } else {
            LOG.debug("Class path entry {} does not exist; not shipped", entry);
        }
    }

    /** Packs {@code dir} into {@code jars}, or returns why not. */
    private static SkipReason addDirectory(Path dir, MemorySize max, Set<Path> jars) throws IOException, YarnDeploymentException {
        // Decided from the top level alone: such a directory may hold the cluster's data, which is not even walked.
        for (String site : HadoopConfigurations.SITE_FILES) {
            if (Files.isRegularFile(dir.resolve(site))) {
                return SkipReason.HADOOP_CONFIGURATION;
            }
        }
        Listing listing = Listing.of(dir);
        if (listing.files().isEmpty()) {
            return SkipReason.NO_FILES;
        }
        if (listing.jars() && !listing.classes()) {
            return SkipReason.JARS_WITHOUT_CLASSES;
        }
        checkSize(dir, listing.bytes(), max);
        jars.add(pack(dir, listing.files()));
        return null;
    }

    private static void checkSize(Path entry, long bytes, MemorySize max) throws YarnDeploymentException {
        if (bytes > max.bytes()) {
            String option = "eddy." + YarnOptions.SHIP_MAX_ENTRY_SIZE.key();
            throw new YarnDeploymentException("The class-path entry " + entry + " (" + humanSize(bytes) + ") is larger than " + option + " ("
                    + humanSize(max.bytes()) + "): remove it from the class path (HADOOP_CLASSPATH, -cp) or raise " + option
                    + "; nothing was uploaded");
        }
    }

    /** {@code bytes} in MB, KB or bytes, rounded up to a tenth: an entry just above a limit of whole MB prints above it. */
    static String humanSize(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        boolean mega = bytes >= 1024 * 1024;
        double tenths = Math.ceil(bytes * 10.0 / (mega ? 1024 * 1024 : 1024));
        String number = tenths % 10 == 0 ? Long.toString((long) tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10);
        return number + (mega ? " MB" : " KB");
    }

    /** The existing files and directories a jar's manifest {@code Class-Path} names (relative to the jar, or absolute URLs). */
    static List<Path> manifestClassPath(Path jar) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath == null) {
                return entries;
            }
            URI base = jar.getParent().toUri();
            for (String item : classPath.trim().split("\\s+")) {
                if (item.isEmpty()) {
                    continue;
                }
                try {
                    URI uri = base.resolve(item);
                    if ("file".equals(uri.getScheme())) {
                        entries.add(Path.of(uri).normalize());
                    }
                } catch (IllegalArgumentException e) {
                    LOG.warn("Ignoring the Class-Path entry '{}' of {}: {}", item, jar, e.getMessage());
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new IOException("The class path entry " + jar + " is not a readable jar (" + e.getMessage() + "): remove it or rebuild it", e);
        }
        return entries;
    }

    /** A jar of the directory's files, named after the directory (e.g. {@code yarn-appmaster-classes.jar}); cached while unchanged. */
    static Path pack(Path dir) throws IOException {
        return pack(dir, Listing.of(dir).files());
    }

    private static Path pack(Path dir, List<Path> files) throws IOException {
        long fingerprint = fingerprint(dir, files);
        PackedDirectory cached = PACKED.get(dir);
        if (cached != null && cached.fingerprint() == fingerprint && Files.isRegularFile(cached.jar())) {
            return cached.jar();
        }
        Path parent = dir.getParent();
        String owner = parent == null || parent.getParent() == null ? "" : parent.getParent().getFileName() + "-";
        Path folder = Files.createTempDirectory("eddy-packed-");
        // deleteOnExit deletes in the reverse order of registration: the jar first, then its (then empty) folder.
        folder.toFile().deleteOnExit();
        Path jar = folder.resolve(owner + dir.getFileName() + ".jar");
        jar.toFile().deleteOnExit();
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Path file : files) {
                ZipEntry entry = new ZipEntry(dir.relativize(file).toString().replace(File.separatorChar, '/'));
                entry.setLastModifiedTime(FIXED_TIME);
                zip.putNextEntry(entry);
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
        PACKED.put(dir, new PackedDirectory(fingerprint, jar));
        LOG.debug("Packed the class path directory {} ({} files) into {}", dir, files.size(), jar);
        return jar;
    }

    private static long fingerprint(Path dir, List<Path> files) throws IOException {
        long hash = 17;
        for (Path file : files) {
            hash = hash * 31 + dir.relativize(file).toString().hashCode();
            hash = hash * 31 + Files.size(file);
            hash = hash * 31 + Files.getLastModifiedTime(file).toMillis();
        }
        return hash;
    }
}
