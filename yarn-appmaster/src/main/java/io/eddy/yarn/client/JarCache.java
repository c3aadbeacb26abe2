package io.eddy.yarn.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The content-addressed jar cache {@code <staging>/dist}: a local jar is stored as {@code
 * <first 16 hex digits of its SHA-256>-<file name>} and uploaded only if no file of that name is
 * there yet, so the applications of one user share their jars and a repeated deployment uploads
 * nothing new. Uploads go to a temporary name first and are renamed in place, so a concurrent
 * client never sees a partly written jar.
 *
 * <p>Thread-safe; the digests of local files are cached for the JVM's life by path, size and
 * modification time.
 */
final class JarCache {

    private static final Logger LOG = LoggerFactory.getLogger(JarCache.class);
    private static final int DIGEST_PREFIX_HEX_DIGITS = 16;
    private static final int UPLOAD_THREADS = 8;
    private static final Map<java.nio.file.Path, Digest> DIGESTS = new ConcurrentHashMap<>();

    private record Digest(long size, long modified, String hex) {}

    /** The result of {@link #ship}: the qualified cache paths, and how many jars were uploaded or found in the cache. */
    record Shipment(List<Path> paths, int uploaded, int cached, long uploadedBytes) {}

    private final FileSystem fs;
    private final Path distDir;

    JarCache(FileSystem fs, Path distDir) {
        this.fs = fs;
        this.distDir = distDir;
    }

    /**
     * Makes sure every jar is in the cache; the shipment's paths are the qualified cache paths in
     * the order of {@code jars} (jars with equal content once).
     */
    Shipment ship(List<java.nio.file.Path> jars) throws IOException {
        fs.mkdirs(distDir);
        Set<String> present = new HashSet<>();
        for (FileStatus status : fs.listStatus(distDir)) {
            present.add(status.getPath().getName());
        }
        Map<String, java.nio.file.Path> wanted = new LinkedHashMap<>();
        for (java.nio.file.Path jar : jars) {
            wanted.putIfAbsent(cacheName(jar), jar);
        }
        List<Path> shipped = new ArrayList<>();
        Map<java.nio.file.Path, Path> uploads = new LinkedHashMap<>();
        for (Map.Entry<String, java.nio.file.Path> e : wanted.entrySet()) {
            Path target = fs.makeQualified(new Path(distDir, e.getKey()));
            if (!present.contains(e.getKey())) {
                uploads.put(e.getValue(), target);
            }
            shipped.add(target);
        }
        long bytes = uploadAll(uploads);
        int uploaded = uploads.size();
        LOG.info("Shipped {} jars to {}: {} uploaded ({} MB), {} already there", wanted.size(), distDir, uploaded,
                bytes / (1024 * 1024), wanted.size() - uploaded);
        return new Shipment(shipped, uploaded, wanted.size() - uploaded, bytes);
    }

    /** Uploads the jars on {@value #UPLOAD_THREADS} threads (HDFS spends most of a small file's time waiting for its block); returns the bytes. */
    private long uploadAll(Map<java.nio.file.Path, Path> uploads) throws IOException {
        if (uploads.isEmpty()) {
            return 0;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(UPLOAD_THREADS, uploads.size()), r -> {
            Thread t = new Thread(r, "eddy-jar-upload");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Long>> done = new ArrayList<>();
            for (Map.Entry<java.nio.file.Path, Path> e : uploads.entrySet()) {
                done.add(pool.submit(() -> {
                    upload(e.getKey(), e.getValue());
                    return Files.size(e.getKey());
                }));
            }
            long bytes = 0;
            for (Future<Long> f : done) {
                bytes += f.get();
            }
            return bytes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("Interrupted while uploading jars to " + distDir);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException("Uploading a jar to " + distDir + " failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private void upload(java.nio.file.Path jar, Path target) throws IOException {
        Path temp = new Path(distDir, "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
        try {
            fs.copyFromLocalFile(false, true, new Path(jar.toUri()), temp);
            if (!fs.rename(temp, target) && !fs.exists(target)) {
                throw new IOException("Cannot rename " + temp + " to " + target + " in the jar cache: check the permissions of " + distDir);
            }
        } finally {
            if (fs.exists(temp)) {
                fs.delete(temp, false);
            }
        }
    }

    /** {@code <sha-256 prefix>-<file name>}. */
    static String cacheName(java.nio.file.Path jar) throws IOException {
        return sha256(jar).substring(0, DIGEST_PREFIX_HEX_DIGITS) + "-" + jar.getFileName();
    }

    static String sha256(java.nio.file.Path file) throws IOException {
        long size = Files.size(file);
        long modified = Files.getLastModifiedTime(file).toMillis();
        Digest cached = DIGESTS.get(file);
        if (cached != null && cached.size() == size && cached.modified() == modified) {
            return cached.hex();
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Bug: SHA-256 is not available in this JVM", e);
        }
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        }
        String hex = HexFormat.of().formatHex(digest.digest());
        DIGESTS.put(file, new Digest(size, modified, hex));
        return hex;
    }
}
