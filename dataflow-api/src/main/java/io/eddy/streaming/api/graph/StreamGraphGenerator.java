package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.StreamIterationKinds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the transformations of a program into a {@link StreamGraph}: each {@link
 * OperatorTransformation} becomes a node, the virtual transformations (partition, union, side
 * output) become properties of the edges. Resolves parallelism (the operator's, its input's for a
 * collect sink, or the environment's default), the maximum parallelism, the ship strategy of each
 * edge (explicit, else FORWARD for equal parallelism and REBALANCE otherwise) and the operators' uids.
 *
 * <p>Streaming loops: a loop's tail ({@link StreamIterationKinds.StreamTail}) takes its head's
 * parallelism, so that lane i's tail feeds lane i's head; an unpartitioned feedback of another
 * parallelism is an error that says how to fix it, and so is a head without a tail (a loop never
 * closed). Each head and tail pair becomes a {@link StreamGraph.FeedbackLoop}.
 *
 * <p>Used once, on the thread that translates the program.
 */
public final class StreamGraphGenerator {

    /** Where the records of one upstream operator come from, with what the virtual nodes on the way added. */
    private record Ref(StreamNode node, ShipStrategy strategy, KeySelector<?, ?> keySelector, String sideOutputTag, TypeInfo<?> type) {
        Ref withPartitioning(ShipStrategy s, KeySelector<?, ?> k) {
            return new Ref(node, s, k, sideOutputTag, type);
        }
    }

    private final int defaultParallelism;
    private final int defaultMaxParallelism;
    private final Map<Transformation<?>, List<Ref>> translated = new IdentityHashMap<>();
    private final List<StreamNode> nodes = new ArrayList<>();
    private final List<StreamEdge> edges = new ArrayList<>();
    /** The heads of streaming loops by loop name, and the tails of the loops closed. */
    private final Map<String, StreamNode> loopHeads = new LinkedHashMap<>();
    private final Map<String, StreamNode> loopTails = new HashMap<>();

    private StreamGraphGenerator(int defaultParallelism, int defaultMaxParallelism) {
        this.defaultParallelism = defaultParallelism;
        this.defaultMaxParallelism = defaultMaxParallelism;
    }

    /**
     * Generates the stream graph of {@code transformations} (and everything they read from).
     *
     * @param defaultParallelism the parallelism of operators that set none
     * @param defaultMaxParallelism the max parallelism of operators that set none, or {@link
     *     Transformation#DEFAULT_PARALLELISM} for {@code max(128, parallelism)}
     * @throws IllegalStateException if there are no transformations
     * @throws IllegalArgumentException for plan errors (parallelism, forward edges, duplicate uids), naming the operator
     */
    public static StreamGraph generate(List<Transformation<?>> transformations, int defaultParallelism, int defaultMaxParallelism) {
        if (transformations.isEmpty()) {
            throw new IllegalStateException("No operators defined in the streaming program: add at least one operator and a sink "
                    + "(e.g. print() or addSink(...)) before calling execute()");
        }
        StreamGraphGenerator generator = new StreamGraphGenerator(defaultParallelism, defaultMaxParallelism);
        for (Transformation<?> t : transformations) {
            generator.translate(t);
        }
        generator.assignUids();
        return new StreamGraph(generator.nodes, generator.edges, generator.feedbackLoops());
    }

    private List<Ref> translate(Transformation<?> t) {
        List<Ref> refs = translated.get(t);
        if (refs != null) {
            return refs;
        }
        if (t instanceof OperatorTransformation<?> op) {
            refs = translateOperator(op);
        } else if (t instanceof PartitionTransformation<?> p) {
            refs = new ArrayList<>();
            for (Ref r : translate(p.getInputs().get(0))) {
                refs.add(r.withPartitioning(p.getShipStrategy(), p.getKeySelector()));
            }
        } else if (t instanceof UnionTransformation<?> u) {
            refs = new ArrayList<>();
            for (Transformation<?> input : u.getInputs()) {
                refs.addAll(translate(input));
            }
        } else if (t instanceof SideOutputTransformation<?> s) {
            refs = new ArrayList<>();
            for (Ref r : translate(s.getInputs().get(0))) {
                refs.add(new Ref(r.node(), r.strategy(), r.keySelector(), s.getTag().getId(), s.getTag().getTypeInfo()));
            }
        } else {
            throw new IllegalStateException("Bug: unknown transformation " + t);
        }
        translated.put(t, refs);
        return refs;
    }

    private List<Ref> translateOperator(OperatorTransformation<?> op) {
        List<List<Ref>> inputs = new ArrayList<>();
        for (Transformation<?> input : op.getInputs()) {
            inputs.add(translate(input));
        }
        int parallelism = op.getParallelism();
        if (op.getKind() instanceof StreamIterationKinds.StreamTail tail) {
            parallelism = loopHead(tail, op).getParallelism();
        } else if (parallelism == Transformation.DEFAULT_PARALLELISM) {
            parallelism = op.inheritsInputParallelism() && !inputs.isEmpty() && !inputs.get(0).isEmpty()
                    ? inputs.get(0).get(0).node().getParallelism()
                    : defaultParallelism;
        }
        StreamNode node = new StreamNode(nodes.size(), op, parallelism, maxParallelismOf(op, parallelism));
        nodes.add(node);
        if (op.getKind() instanceof StreamIterationKinds.StreamHead head) {
            loopHeads.put(head.iteration(), node);
        } else if (op.getKind() instanceof StreamIterationKinds.StreamTail tail) {
            checkFeedbackParallelism(tail, node, inputs.get(0));
            loopTails.put(tail.iteration(), node);
        }
        for (int i = 0; i < inputs.size(); i++) {
            for (Ref ref : inputs.get(i)) {
                addEdge(ref, node, i);
            }
        }
        return op.hasOutput() ? List.of(new Ref(node, null, null, null, op.getOutputType())) : List.of();
    }

    /** The head of {@code tail}'s loop: translated already, since the feedback depends on it (checked by {@code closeWith}). */
    private StreamNode loopHead(StreamIterationKinds.StreamTail tail, OperatorTransformation<?> op) {
        StreamNode head = loopHeads.get(tail.iteration());
        if (head == null) {
            throw new IllegalStateException("Bug: the tail '" + op.getName() + "' of iteration '" + tail.iteration()
                    + "' is translated before its head");
        }
        return head;
    }

    /**
     * The feedback's records go to the tail, which has the head's parallelism: without a partitioning
     * of its own, the feedback must come from operators of that parallelism (lane i to lane i).
     */
    private void checkFeedbackParallelism(StreamIterationKinds.StreamTail tail, StreamNode node, List<Ref> feedback) {
        for (Ref ref : feedback) {
            StreamNode source = ref.node();
            if (ref.strategy() == null && source.getParallelism() != node.getParallelism()) {
                StreamNode head = loopHeads.get(tail.iteration());
                throw new IllegalArgumentException("The feedback of iteration '" + tail.iteration() + "' comes from '" + source.getName()
                        + "' with parallelism " + source.getParallelism() + ", but the iteration's head '" + head.getName() + "' has parallelism "
                        + head.getParallelism() + ": a loop's head and tail have equal parallelism (lane i's tail hands its records to lane"
                        + " i's head). Give '" + source.getName() + "' setParallelism(" + head.getParallelism() + "), or the IterativeStream"
                        + " setParallelism(" + source.getParallelism() + "), or partition the feedback (e.g. keyBy(...) or rebalance())"
                        + " before closeWith");
            }
        }
    }

    /** The loops, once every transformation is translated; a head without a tail was never closed. */
    private List<StreamGraph.FeedbackLoop> feedbackLoops() {
        List<StreamGraph.FeedbackLoop> loops = new ArrayList<>();
        for (Map.Entry<String, StreamNode> e : loopHeads.entrySet()) {
            StreamNode tail = loopTails.get(e.getKey());
            if (tail == null) {
                throw new IllegalArgumentException("Iteration '" + e.getKey() + "' (operator '" + e.getValue().getName() + "') was never"
                        + " closed: call closeWith(feedback) on the IterativeStream that iterate() returned (or on the"
                        + " ConnectedIterativeStreams of withFeedbackType), with a stream computed from it");
            }
            loops.add(new StreamGraph.FeedbackLoop(e.getKey(), e.getValue(), tail));
        }
        return loops;
    }

    private int maxParallelismOf(OperatorTransformation<?> op, int parallelism) {
        int max = op.getMaxParallelism() != Transformation.DEFAULT_PARALLELISM ? op.getMaxParallelism() : defaultMaxParallelism;
        if (max == Transformation.DEFAULT_PARALLELISM) {
            return Math.max(KeyGroups.DEFAULT_MAX_PARALLELISM, parallelism);
        }
        if (parallelism > max) {
            throw new IllegalArgumentException("parallelism of operator '" + op.getName() + "': " + parallelism
                    + " (expected: <= its max parallelism " + max + "; raise it with setMaxParallelism(...))");
        }
        return max;
    }

    private void addEdge(Ref ref, StreamNode target, int targetInput) {
        StreamNode source = ref.node();
        ShipStrategy strategy = ref.strategy();
        boolean equalParallelism = source.getParallelism() == target.getParallelism();
        if (strategy == null) {
            strategy = equalParallelism ? ShipStrategy.FORWARD : ShipStrategy.REBALANCE;
        } else if (strategy == ShipStrategy.FORWARD && !equalParallelism) {
            throw new IllegalArgumentException("forward() from '" + source.getName() + "' (parallelism " + source.getParallelism()
                    + ") to '" + target.getName() + "' (parallelism " + target.getParallelism()
                    + ") needs equal parallelism: use rebalance() instead of forward(), or give both operators the same parallelism");
        }
        StreamEdge edge = new StreamEdge(source, target, targetInput, strategy, ref.keySelector(), ref.sideOutputTag(), ref.type());
        source.addOutEdge(edge);
        target.addInEdge(edge);
        edges.add(edge);
    }

    private void assignUids() {
        Map<String, StreamNode> byUid = new HashMap<>();
        for (StreamNode node : nodes) {
            String uid = node.getUserUid();
            if (uid == null) {
                StringBuilder position = new StringBuilder(node.getKind().name()).append('#').append(node.getId());
                for (StreamEdge e : node.getInEdges()) {
                    position.append('|').append(e.source().getUid()).append('.').append(e.targetInput()).append('.').append(e.sideOutputTag());
                }
                uid = hash(position.toString());
            }
            StreamNode previous = byUid.putIfAbsent(uid, node);
            if (previous != null) {
                throw new IllegalArgumentException("uid '" + uid + "' is used by two operators, '" + previous.getName() + "' and '"
                        + node.getName() + "': give each operator its own uid(...)");
            }
            node.setUid(uid);
        }
    }

    private static String hash(String s) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(32);
            for (int i = 0; i < 16; i++) {
                hex.append(String.format("%02x", digest[i]));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Bug: SHA-256 is missing from this JVM", e);
        }
    }
}
