package io.eddy.runtime.cluster;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobGraphCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A {@link JobGraph} as the bytes of {@link JobGraphCodec}, as carried by {@link JobArtifacts}. */
public final class JobGraphBytes {

    private JobGraphBytes() {}

    public static byte[] encode(JobGraph graph) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
        try (StreamOutputView out = new StreamOutputView(bytes)) {
            JobGraphCodec.write(graph, out);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot encode the job graph of job " + graph.jobId() + " ('" + graph.name() + "')", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IOException if the bytes are not a job graph of a format version this Eddy reads
     */
    public static JobGraph decode(byte[] bytes) throws IOException {
        try (StreamInputView in = new StreamInputView(new ByteArrayInputStream(bytes))) {
            return JobGraphCodec.read(in);
        }
    }

    /** Convenience for the artifacts of a job whose classes are on the class path already (no jars). */
    public static JobArtifacts artifactsWithoutJars(JobGraph graph) {
        return new JobArtifacts(graph.jobId(), encode(graph), List.of());
    }

    /** The artifacts of a job with its jar files (read now; named by file name, made unique if two share one). */
    public static JobArtifacts artifacts(JobGraph graph, List<Path> jars) throws IOException {
        return new JobArtifacts(graph.jobId(), encode(graph), readJars(jars));
    }

    private static List<NamedBlob> readJars(List<Path> jars) throws IOException {
        List<NamedBlob> blobs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            for (int i = 1; !names.add(name); i++) {
                name = i + "-" + jar.getFileName();
            }
            try {
                blobs.add(new NamedBlob(name, Files.readAllBytes(jar)));
            } catch (NoSuchFileException e) {
                throw new IOException("The job jar " + jar.toAbsolutePath() + " does not exist (listed in eddy.execution.jars): "
                        + "check the path", e);
            }
        }
        return blobs;
    }

    private static final class StreamOutputView extends DataOutputStream implements DataOutputView {

        StreamOutputView(ByteArrayOutputStream out) {
            super(out);
        }

        @Override
        public void skipBytesToWrite(int numBytes) throws IOException {
            write(new byte[numBytes]);
        }

        @Override
        public void write(DataInputView source, int numBytes) throws IOException {
            byte[] b = new byte[numBytes];
            source.readFully(b);
            write(b);
        }
    }

    private static final class StreamInputView extends DataInputStream implements DataInputView {

        StreamInputView(ByteArrayInputStream in) {
            super(in);
        }

        @Override
        public void skipBytesToRead(int numBytes) throws IOException {
            skipNBytes(numBytes);
        }
    }
}
