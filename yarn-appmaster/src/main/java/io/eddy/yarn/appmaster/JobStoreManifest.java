package io.eddy.yarn.appmaster;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.fs.Path;

/**
 * The {@code _COMPLETE} file of a {@link JobStore} version, written after the graph and the jars:
 * its presence marks the version complete, and the lengths it records let a reader refuse files
 * that were cut short. A {@link Properties} text file:
 * <pre>
 * format=1
 * job=&lt;32 hex digits&gt;
 * graph.length=&lt;bytes&gt;
 * jars=&lt;n&gt;
 * jar.&lt;i&gt;.name=&lt;file name&gt;     for i in 0 .. n-1
 * jar.&lt;i&gt;.length=&lt;bytes&gt;
 * </pre>
 */
record JobStoreManifest(JobId job, long graphLength, List<Jar> jars) {

    static final int FORMAT = 1;

    /** A jar of the entry: its file name under {@code jars/} and its length. */
    record Jar(String name, long length) {}

    JobStoreManifest {
        jars = List.copyOf(jars);
    }

    static JobStoreManifest of(JobArtifacts artifacts) {
        List<Jar> jars = new ArrayList<>();
        for (NamedBlob jar : artifacts.jars()) {
            jars.add(new Jar(jar.name(), jar.bytes().length));
        }
        return new JobStoreManifest(artifacts.job(), artifacts.jobGraph().length, jars);
    }

    byte[] toBytes() {
        Properties p = new Properties();
        p.setProperty("format", Integer.toString(FORMAT));
        p.setProperty("job", job.toString());
        p.setProperty("graph.length", Long.toString(graphLength));
        p.setProperty("jars", Integer.toString(jars.size()));
        for (int i = 0; i < jars.size(); i++) {
            p.setProperty("jar." + i + ".name", jars.get(i).name());
            p.setProperty("jar." + i + ".length", Long.toString(jars.get(i).length()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            p.store(out, "Eddy job store entry; its presence marks the entry complete");
        } catch (IOException e) {
            throw new UncheckedIOException("Bug: writing to a byte array failed", e);
        }
        return out.toByteArray();
    }

    /**
     * Reads what {@link #toBytes} wrote.
     *
     * @throws IOException naming {@code file} if a key is missing or malformed, or the format is newer
     */
    static JobStoreManifest parse(byte[] bytes, Path file) throws IOException {
        Properties p = new Properties();
        p.load(new ByteArrayInputStream(bytes));
        try {
            int format = Integer.parseInt(required(p, "format", file));
            if (format != FORMAT) {
                throw new IOException(file + ": format " + format + " (expected: " + FORMAT
                        + "); the entry was written by another Eddy version");
            }
            JobId job = JobId.fromHex(required(p, "job", file));
            long graphLength = Long.parseLong(required(p, "graph.length", file));
            int count = Integer.parseInt(required(p, "jars", file));
            List<Jar> jars = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                jars.add(new Jar(required(p, "jar." + i + ".name", file), Long.parseLong(required(p, "jar." + i + ".length", file))));
            }
            return new JobStoreManifest(job, graphLength, jars);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": malformed manifest: " + e.getMessage(), e);
        }
    }

    private static String required(Properties p, String key, Path file) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException(file + ": the manifest has no '" + key + "'");
        }
        return value;
    }
}
