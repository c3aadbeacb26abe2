package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.hash.HybridHashJoin;
import io.eddy.runtime.operators.hash.JoinMetrics;
import io.eddy.runtime.operators.hash.KeptProbeInput;
import io.eddy.runtime.operators.hash.UnmatchedSides;
import io.eddy.runtime.operators.hash.MatchCollector;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.List;

/**
 * {@code join} with {@code HYBRID_HASH_BUILD_FIRST} / {@code HYBRID_HASH_BUILD_SECOND}: a {@link
 * HybridHashJoin} over the operator's managed memory. The build input is read first ({@link
 * InputOrdered}); its records go into the hash table as they arrive, and its end ({@link
 * #endInput(int)}) indexes the table. Probe records are joined as they arrive (those of spilled
 * partitions are spilled too); {@link #finish()} joins the spilled partitions. In a loop, a static
 * build input's table that stayed in memory serves every superstep ({@link #retainStaticInput}),
 * and a static probe input (when the join emits no unmatched probe records) is kept by the join
 * itself ({@link #keepsStaticInput}, a {@link KeptProbeInput}): in later supersteps only its
 * records whose hash the superstep's build table holds are deserialized and probed.
 *
 * <pre>
 *   build:  processElement(b)* → insertBuild     endInput(build) → endBuild
 *   probe:  processElement(p)* → probe(p)        finish() → endProbe (spilled partitions, build-side outer rows)
 * </pre>
 *
 * <p>The function always sees (input 0, input 1), whichever input builds; for outer joins the
 * missing side is null. Eddy's join type maps onto the hash join's probe/build sides: a left outer
 * join that builds the first input keeps unmatched build records, one that builds the second keeps
 * unmatched probe records. Each call of the function gets its own objects: a probe record that
 * matches several build records is copied for all calls but the last, before any call (each match is
 * held back until the next one shows whether the probe object is used again).
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
final class HashJoinOperator<IN1, IN2, OUT> extends TwoInputDriver<IN1, IN2, OUT> implements InputOrdered, BoundedMultiInput {

    /** The pages of a kept probe input (two of them buffer its spill file), besides the join's share, as the task's cache of a static input takes. */
    static final int KEPT_PROBE_PAGES = 16;

    private final FlatJoinFunction<IN1, IN2, OUT> function;
    private final int buildInput;
    private final BatchKinds.Join kind;
    private HybridHashJoin<Object, Object> join;
    private MatchCollector<Object, Object> matches;
    private TypeSerializer<Object> probeSerializer;
    /** A match held back until the next one shows whether its probe object is used again (then it gets a copy). */
    private boolean hasPending;
    /** Probe records waiting for their batch ({@link HybridHashJoin#probeAll}); emitted records are not modified afterwards (docs/tasks.md). */
    private final Object[] probes = new Object[HybridHashJoin.PROBE_BATCH];
    private final int[] probeHashes = new int[HybridHashJoin.PROBE_BATCH];
    private int probeCount;
    private Object pendingBuild;
    private Object pendingProbe;
    private boolean buildEnded;
    private boolean finished;
    /** In a loop: the next superstep probes the table of this one (its build input is static and the table stayed in memory). */
    private boolean retainBuild;
    /** In a loop: the static probe input is kept by this operator ({@link #keepsStaticInput}), in {@link #keptProbe}. */
    private boolean keepProbe;
    /** The kept probe input: filled in the loop's first superstep, probed from in every later one; it outlives the driver. */
    private KeptProbeInput<Object> keptProbe;
    /** Whether {@link #keptProbe} holds all of the probe input (its first superstep ended). */
    private boolean keptProbeComplete;

    @SuppressWarnings("unchecked")
    HashJoinOperator(OperatorDescriptor descriptor, BatchKinds.Join kind, int buildInput) {
        super(descriptor, requireFunction(descriptor, FlatJoinFunction.class));
        this.function = (FlatJoinFunction<IN1, IN2, OUT>) descriptor.userFunction();
        this.kind = kind;
        this.buildInput = buildInput;
    }

    @Override
    public int firstInput() {
        return buildInput;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected void openDriver() throws Exception {
        hasPending = false;
        probeCount = 0;
        buildEnded = false;
        finished = false;
        int probeInput = 1 - buildInput;
        KeySpec buildKeys = buildInput == 0 ? kind.keys1() : kind.keys2();
        KeySpec probeKeys = buildInput == 0 ? kind.keys2() : kind.keys1();
        probeSerializer = serializer(probeInput);
        join = new HybridHashJoin<>(serializer(buildInput), comparator(buildInput, buildKeys), probeSerializer,
                comparator(probeInput, probeKeys), UnmatchedSides.of(kind.joinType(), buildInput));
        matches = this::holdBack;
        List<MemorySegment> pages = allocateMemory(HybridHashJoin.MIN_PAGES);
        join.open(pages, context.environment().ioManager());
        if (keepProbe && keptProbe == null) {
            keptProbe = new KeptProbeInput<>(probeSerializer, context.environment().memoryManager(), KEPT_PROBE_PAGES,
                    context.environment().ioManager(), name());
        }
    }

    /**
     * Calls the function for the previous match, if any, and holds this one back: a probe record
     * matching several build records is the same object each time, so every call but the last gets a
     * copy made before the function could modify the original.
     */
    private void holdBack(Object build, Object probe) throws Exception {
        if (hasPending) {
            callFunction(pendingBuild, probe != null && pendingProbe == probe ? probeSerializer.copy(probe) : pendingProbe);
        }
        hasPending = true;
        pendingBuild = build;
        pendingProbe = probe;
    }

    /** Probes the batched probe records and calls the function for the last match held back. */
    private void probePending() throws Exception {
        int n = probeCount;
        probeCount = 0;
        join.probeAllHashed(probes, probeHashes, n, matches);
        flushPending();
    }

    private void flushPending() throws Exception {
        if (hasPending) {
            hasPending = false;
            Object build = pendingBuild;
            Object probe = pendingProbe;
            pendingBuild = null;
            pendingProbe = null;
            callFunction(build, probe);
        }
    }

    @SuppressWarnings("unchecked")
    private void callFunction(Object build, Object probe) throws Exception {
        if (buildInput == 0) {
            function.join((IN1) build, (IN2) probe, collector);
        } else {
            function.join((IN1) probe, (IN2) build, collector);
        }
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        process(0, record.getValue());
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        process(1, record.getValue());
    }

    private void process(int input, Object value) throws Exception {
        if (input == buildInput) {
            if (buildEnded) {
                throw new IllegalStateException("Bug: operator '" + name() + "' got a record of its build input " + buildInput
                        + " after the build input ended (the task must read InputOrdered.firstInput() to its end first)");
            }
            join.insertBuild(value);
        } else {
            // The task reads the build input to its end first, so a probe record means the build side is complete.
            endBuild();
            int hash = join.probeHash(value);
            if (keptProbe != null) {
                if (keptProbeComplete) {
                    throw new IllegalStateException("Bug: operator '" + name() + "' got a record of its kept static probe input "
                            + (1 - buildInput) + " after the loop's first superstep (the task must not replay a kept input)");
                }
                // Kept before the function can see (and modify) the record.
                keptProbe.add(value, hash);
            }
            probes[probeCount] = value;
            probeHashes[probeCount++] = hash;
            if (probeCount == probes.length) {
                probePending();
            }
        }
    }

    @Override
    public void endInput(int inputIndex) throws Exception {
        if (inputIndex == buildInput) {
            endBuild();
        } else if (keptProbe != null) {
            if (keptProbeComplete) {
                endBuild();
                probePending();
                keptProbe.probeInto(join, matches);
                flushPending();
            } else {
                keptProbeComplete = true;
            }
        }
    }

    private void endBuild() throws Exception {
        if (!buildEnded) {
            buildEnded = true;
            join.endBuild();
        }
    }

    @Override
    public void finish() throws Exception {
        endBuild();
        if (!finished) {
            finished = true;
            probePending();
            join.endProbe(matches);
            flushPending();
        }
    }

    /**
     * In a loop, before the next superstep: a static build input whose table stayed whole in memory
     * (no partition spilled, no unmatched build records to emit) is kept, so the next superstep
     * probes it without the input being replayed and the table built again.
     */
    @Override
    public boolean retainStaticInput(int input) {
        retainBuild = input == buildInput && join != null && join.canProbeAgain();
        return retainBuild;
    }

    /**
     * In a loop, before the first superstep: the static probe input is kept by the join (a {@link
     * KeptProbeInput}) unless the join emits unmatched probe records, which needs every probe record
     * in every superstep.
     */
    @Override
    public boolean keepsStaticInput(int input) {
        if (input != 1 - buildInput) {
            return false;
        }
        keepProbe = !UnmatchedSides.of(kind.joinType(), buildInput).emitsUnmatchedProbe();
        return keepProbe;
    }

    @Override
    protected boolean resetForNextSuperstep() {
        if (!retainBuild) {
            return false;
        }
        retainBuild = false;
        join.probeAgain();
        hasPending = false;
        probeCount = 0;
        finished = false;
        return true;
    }

    /** What the hash join did (spilled partitions, recursion, fallbacks); for tests and metrics. */
    JoinMetrics metrics() {
        return join.metrics();
    }

    @Override
    protected void closeDriver() throws Exception {
        if (join != null) {
            join.close();
        }
    }

    @Override
    protected void closeKeptInputs() throws Exception {
        try {
            if (keptProbe != null) {
                KeptProbeInput<Object> kept = keptProbe;
                keptProbe = null;
                kept.close();
            }
        } finally {
            super.closeKeptInputs();
        }
    }

    /** The kept static probe input, or null; for tests. */
    KeptProbeInput<Object> keptProbe() {
        return keptProbe;
    }
}
