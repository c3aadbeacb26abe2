package io.eddy.jobgraph;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link JobGraph} in an explicit, versioned binary format. Operator descriptors, key
 * selectors and record types stay opaque byte arrays: reading a job graph never deserializes a
 * Java object.
 */
public final class JobGraphCodec {

    /** The format version {@link #write} writes; {@link #read} reads this version only. */
    public static final int VERSION = 5;

    private static final int MAGIC = 0xEDD10B01;

    private JobGraphCodec() {}

    public static void write(JobGraph graph, DataOutputView out) throws IOException {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeLong(graph.jobId().upper());
        out.writeLong(graph.jobId().lower());
        out.writeUTF(graph.name());
        out.writeLong(graph.bufferTimeoutMillis());
        writeBytes(graph.serializerConfigBytes(), out);
        out.writeInt(graph.settings().size());
        for (Map.Entry<String, String> e : graph.settings().entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
        out.writeInt(graph.vertices().size());
        for (JobVertex v : graph.vertices()) {
            writeVertex(v, out);
        }
        out.writeInt(graph.edges().size());
        for (JobEdge e : graph.edges()) {
            writeEdge(e, out);
        }
        out.writeInt(graph.groups().size());
        for (VertexGroup g : graph.groups()) {
            out.writeUTF(g.name());
            out.writeByte(g.kind().ordinal());
            out.writeInt(g.members().size());
            for (JobVertexId member : g.members()) {
                out.writeInt(member.index());
            }
            if (g.iteration() != null) {
                IterationSpec it = g.iteration();
                out.writeByte(it.kind().ordinal());
                out.writeInt(it.headVertex().index());
                out.writeInt(it.maxIterations());
                writeBytes(it.aggregatorsBytes(), out);
                out.writeBoolean(it.terminationCriterion());
            }
        }
    }

    public static JobGraph read(DataInputView in) throws IOException {
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new IOException("Not a job graph: magic number " + Integer.toHexString(magic) + " (expected " + Integer.toHexString(MAGIC) + ")");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("Job graph format version " + version + " is not supported by this Eddy (it reads version " + VERSION
                    + "): submit the job with a client of the same Eddy version as the cluster");
        }
        JobId jobId = new JobId(in.readLong(), in.readLong());
        String name = in.readUTF();
        long bufferTimeout = in.readLong();
        byte[] serializerConfig = readBytes(in);
        int numSettings = in.readInt();
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < numSettings; i++) {
            settings.put(in.readUTF(), in.readUTF());
        }
        int numVertices = in.readInt();
        List<JobVertex> vertices = new ArrayList<>(numVertices);
        for (int i = 0; i < numVertices; i++) {
            vertices.add(readVertex(in));
        }
        int numEdges = in.readInt();
        List<JobEdge> edges = new ArrayList<>(numEdges);
        for (int i = 0; i < numEdges; i++) {
            edges.add(readEdge(in));
        }
        int numGroups = in.readInt();
        List<VertexGroup> groups = new ArrayList<>(numGroups);
        for (int i = 0; i < numGroups; i++) {
            String groupName = in.readUTF();
            VertexGroup.Kind kind = enumAt(VertexGroup.Kind.values(), in.readByte(), "vertex group kind");
            int numMembers = in.readInt();
            List<JobVertexId> members = new ArrayList<>(numMembers);
            for (int j = 0; j < numMembers; j++) {
                members.add(new JobVertexId(in.readInt()));
            }
            IterationSpec iteration = null;
            if (kind == VertexGroup.Kind.ITERATION) {
                IterationSpec.Kind iterationKind = enumAt(IterationSpec.Kind.values(), in.readByte(), "iteration kind");
                JobVertexId head = new JobVertexId(in.readInt());
                int maxIterations = in.readInt();
                byte[] aggregators = readBytes(in);
                iteration = new IterationSpec(groupName, iterationKind, head, maxIterations, aggregators, in.readBoolean());
            }
            groups.add(new VertexGroup(groupName, kind, members, iteration));
        }
        return new JobGraph(jobId, name, vertices, edges, bufferTimeout, serializerConfig, settings, groups);
    }

    private static void writeVertex(JobVertex v, DataOutputView out) throws IOException {
        out.writeInt(v.id().index());
        out.writeUTF(v.name());
        out.writeInt(v.parallelism());
        out.writeInt(v.maxParallelism());
        out.writeInt(v.chain().size());
        for (OperatorSpec op : v.chain()) {
            out.writeUTF(op.uid());
            out.writeUTF(op.name());
            out.writeUTF(op.kind());
            writeBytes(op.descriptorBytes(), out);
            out.writeInt(op.outputs().size());
            for (OperatorOutput o : op.outputs()) {
                out.writeByte(o.target().ordinal());
                out.writeInt(o.index());
                out.writeInt(o.targetInput());
                out.writeBoolean(o.sideOutputTag() != null);
                if (o.sideOutputTag() != null) {
                    out.writeUTF(o.sideOutputTag());
                }
            }
        }
    }

    private static JobVertex readVertex(DataInputView in) throws IOException {
        JobVertexId id = new JobVertexId(in.readInt());
        String name = in.readUTF();
        int parallelism = in.readInt();
        int maxParallelism = in.readInt();
        int chainLength = in.readInt();
        List<OperatorSpec> chain = new ArrayList<>(chainLength);
        for (int i = 0; i < chainLength; i++) {
            String uid = in.readUTF();
            String opName = in.readUTF();
            String kind = in.readUTF();
            byte[] descriptor = readBytes(in);
            int numOutputs = in.readInt();
            List<OperatorOutput> outputs = new ArrayList<>(numOutputs);
            for (int j = 0; j < numOutputs; j++) {
                OperatorOutput.Target target = enumAt(OperatorOutput.Target.values(), in.readByte(), "operator output target");
                int index = in.readInt();
                int targetInput = in.readInt();
                String tag = in.readBoolean() ? in.readUTF() : null;
                outputs.add(new OperatorOutput(target, index, targetInput, tag));
            }
            chain.add(new OperatorSpec(uid, opName, kind, descriptor, outputs));
        }
        return new JobVertex(id, name, parallelism, maxParallelism, chain);
    }

    private static void writeEdge(JobEdge e, DataOutputView out) throws IOException {
        out.writeInt(e.source().index());
        out.writeInt(e.sourceOutputIndex());
        out.writeInt(e.target().index());
        out.writeInt(e.targetGateIndex());
        out.writeInt(e.targetInput());
        out.writeByte(e.role().ordinal());
        out.writeByte(e.shipStrategy().ordinal());
        out.writeByte(e.exchangeMode().ordinal());
        out.writeBoolean(e.keySelectorBytes() != null);
        if (e.keySelectorBytes() != null) {
            writeBytes(e.keySelectorBytes(), out);
        }
        writeBytes(e.recordTypeBytes(), out);
        out.writeBoolean(e.superstepBuffered());
    }

    private static JobEdge readEdge(DataInputView in) throws IOException {
        JobVertexId source = new JobVertexId(in.readInt());
        int sourceOutput = in.readInt();
        JobVertexId target = new JobVertexId(in.readInt());
        int gate = in.readInt();
        int targetInput = in.readInt();
        EdgeRole role = enumAt(EdgeRole.values(), in.readByte(), "edge role");
        ShipStrategy ship = enumAt(ShipStrategy.values(), in.readByte(), "ship strategy");
        ExchangeMode mode = enumAt(ExchangeMode.values(), in.readByte(), "exchange mode");
        byte[] keySelector = in.readBoolean() ? readBytes(in) : null;
        byte[] recordType = readBytes(in);
        boolean superstepBuffered = in.readBoolean();
        return new JobEdge(source, sourceOutput, target, gate, targetInput, role, ship, mode, keySelector, recordType, superstepBuffered);
    }

    private static void writeBytes(byte[] bytes, DataOutputView out) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            throw new IOException("Corrupt job graph: negative byte array length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    private static <E extends Enum<E>> E enumAt(E[] values, int ordinal, String what) throws IOException {
        if (ordinal < 0 || ordinal >= values.length) {
            throw new IOException("Corrupt job graph: " + what + " " + ordinal + " is unknown");
        }
        return values[ordinal];
    }
}
