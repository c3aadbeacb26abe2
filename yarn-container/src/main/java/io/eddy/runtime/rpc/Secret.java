package io.eddy.runtime.rpc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * The per-cluster secret that authenticates control-protocol connections (an HMAC-SHA256 key).
 * The master generates it at startup and hands it to workers and clients through a file readable
 * only by its owner or through an environment variable; it never travels over the control
 * protocol. {@link #toString()} never prints it.
 *
 * <p>Immutable and thread-safe.
 */
public final class Secret {

    /** Length of generated secrets in bytes. */
    public static final int LENGTH = 32;
    /** Secrets shorter than this are refused. */
    static final int MIN_LENGTH = 16;
    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Logger LOG = LoggerFactory.getLogger(Secret.class);

    private final byte[] key;

    private Secret(byte[] key) {
        if (key.length < MIN_LENGTH) {
            throw new IllegalArgumentException("Cluster secret is " + key.length + " bytes long (expected: at least "
                    + MIN_LENGTH + "): generate one with Secret.generate()");
        }
        this.key = key.clone();
    }

    /** A new random secret of {@link #LENGTH} bytes from a {@link SecureRandom}. */
    public static Secret generate() {
        byte[] key = new byte[LENGTH];
        RANDOM.nextBytes(key);
        return new Secret(key);
    }

    /** Decodes a secret from its encoded form (hex), as written by {@link #toEncodedString()}. */
    public static Secret fromEncodedString(String encoded) {
        try {
            return new Secret(HexFormat.of().parseHex(encoded.trim()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cluster secret is not valid hex text of at least " + MIN_LENGTH
                    + " bytes: " + e.getMessage(), e);
        }
    }

    /** Reads a secret written by {@link #writeTo}. */
    public static Secret fromFile(Path file) throws IOException {
        warnIfReadableByOthers(file);
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        try {
            return fromEncodedString(text);
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot read the cluster secret from " + file + ": " + e.getMessage()
                    + ". Use the file written by the master, or regenerate it by restarting the cluster", e);
        }
    }

    /**
     * Reads a secret from the environment variable {@code variable} (hex text).
     *
     * @throws IllegalStateException if the variable is not set or not a valid secret
     */
    public static Secret fromEnvironment(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("Environment variable " + variable + " holding the cluster secret is not set: "
                    + "the process that starts this one must pass the secret in it");
        }
        try {
            return fromEncodedString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Environment variable " + variable + " does not hold a valid cluster secret: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Writes the secret (hex text) to {@code file}, readable and writable only by the owner
     * (rw-------) on file systems with POSIX permissions. The file is written to a temporary file
     * with those permissions first and then moved in place, so it is never readable by others.
     */
    public void writeTo(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] attributes = posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
        Path temp = Files.createTempFile(dir, ".eddy-secret", ".tmp", attributes);
        try {
            if (!posix) {
                restrictToOwner(temp);
            }
            Files.writeString(temp, toEncodedString(), StandardCharsets.US_ASCII);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void warnIfReadableByOthers(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        permissions.retainAll(EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ));
        if (!permissions.isEmpty()) {
            LOG.warn("The cluster secret file {} is readable by other users ({}): restrict it with 'chmod 600 {}'",
                    file, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file);
        }
    }

    private static void restrictToOwner(Path path) throws IOException {
        java.io.File f = path.toFile();
        boolean ok = f.setReadable(false, false) && f.setReadable(true, true)
                && f.setWritable(false, false) && f.setWritable(true, true);
        if (!ok) {
            throw new IOException("Cannot restrict the permissions of " + path + " to its owner: "
                    + "write the cluster secret to a directory on a local file system");
        }
    }

    /**
     * The secret as hex text, to hand to a child process (e.g. in an environment variable).
     * Treat the result as sensitive: never log it.
     */
    public String toEncodedString() {
        return HexFormat.of().formatHex(key);
    }

    /**
     * A token for {@code purpose} derived from this secret (hex of the HMAC of the purpose's name):
     * it proves its holder was given it by someone who holds the secret, without revealing the
     * secret itself — the dashboard's actions take {@code derivedToken("web-actions")}.
     */
    public String derivedToken(String purpose) {
        return HexFormat.of().formatHex(mac(("eddy-token:" + purpose).getBytes(StandardCharsets.UTF_8)));
    }

    /** HMAC-SHA256 with this secret over the concatenation of {@code parts}. */
    byte[] mac(byte[]... parts) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Bug: " + HMAC + " is not available in this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "Secret{" + key.length + " bytes, hidden}";
    }
}
