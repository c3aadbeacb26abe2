package io.eddy.yarn.client;

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
 * manifest-only jar), and directories (e.g. {@code target/classes}) packed into jars. Packing is
 * deterministic (sorted entries, fixed times), so the same directory content gives the same jar
 * bytes and the content-addressed staging cache uploads it once.
 *
 * <p>Thread-safe: packed jars are cached per directory and content fingerprint for the JVM's life.
 */
final class ShippedClassPath {

    private static final Logger LOG = LoggerFactory.getLogger(ShippedClassPath.class);
    private static final FileTime FIXED_TIME = FileTime.fromMillis(315532800000L); // 1980-01-01, the zip epoch
    /** Packed jars by directory; valid while the directory's fingerprint is unchanged. */
    private static final Map<Path, PackedDirectory> PACKED = new ConcurrentHashMap<>();

    private record PackedDirectory(long fingerprint, Path jar) {}

    private ShippedClassPath() {}

    /** The jars of this JVM's {@code java.class.path}. */
    static List<Path> ofThisJvm() throws IOException {
        return resolve(System.getProperty("java.class.path", ""));
    }

    /** The jars of a class path string (entries separated by {@link File#pathSeparator}); missing entries are skipped. */
    static List<Path> resolve(String classPath) throws IOException {
        Set<Path> jars = new LinkedHashSet<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                add(Path.of(entry).toAbsolutePath().normalize(), jars, seen);
            }
        }
        return new ArrayList<>(jars);
    }

    private static void add(Path entry, Set<Path> jars, Set<Path> seen) throws IOException {
        if (!seen.add(entry)) {
            return;
        }
        if (Files.isDirectory(entry)) {
            jars.add(pack(entry));
        } else if (Files.isRegularFile(entry)) {
            jars.add(entry);
            for (Path referenced : manifestClassPath(entry)) {
                add(referenced, jars, seen);
            }
        } else {
            LOG.debug("Class path entry {} does not exist; not shipped", entry);
        }
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
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
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
