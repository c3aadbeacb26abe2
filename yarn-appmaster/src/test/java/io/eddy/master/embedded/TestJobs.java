package io.eddy.master.embedded;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.executor.CollectStream;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hand-built job graphs for cluster tests (the way the API's translation builds them, without the
 * API): real operator descriptors of {@link OperatorKinds}, with small serializable functions.
 */
public final class TestJobs {

    public static final String COLLECT_ID = "results";
    public static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    private TestJobs() {}

    /**
     * {@code Source: numbers} (parallelism p; subtask i emits (v % keys, v) for v in [i*n, (i+1)*n),
     * and counts them in the accumulator {@code emitted}) --HASH on f0--> {@code Keyed Reduce ->
     * Collect} (parallelism p; rolling sum of f1 per key, collected under {@link #COLLECT_ID}).
     */
    public static JobGraph keyedSum(int p, long n, long keys) {
        OperatorDescriptor source = OperatorDescriptor.builder(OperatorKinds.SOURCE)
                .userFunction(new NumberSource(n, keys, false)).outputType(PAIR).build();
        OperatorDescriptor reduce = OperatorDescriptor.builder(OperatorKinds.KEYED_REDUCE)
                .userFunction(new SumF1()).keySelector(new F0()).keyType(Types.LONG).inputType(PAIR).outputType(PAIR).build();
        JobVertex v0 = vertex(0, "Source: numbers", p, List.of(spec("source", "Source: numbers", source, List.of(OperatorOutput.network(0)))));
        JobVertex v1 = vertex(1, "Keyed Reduce -> Collect", p, List.of(
                spec("reduce", "Keyed Reduce", reduce, List.of(OperatorOutput.chained(1, 0))),
                spec("collect", "Collect", collectSink(), List.of())));
        JobEdge edge = new JobEdge(v0.id(), 0, v1.id(), 0, 0, ShipStrategy.HASH, ExchangeMode.PIPELINED,
                InstantiationUtil.serialize(new F0(), "key selector"), InstantiationUtil.serialize(PAIR, "type"));
        return graph("keyed sum", List.of(v0, v1), List.of(edge));
    }

    /** {@code Source: numbers -> Failing Map -> Collect} in one chain; the map throws "boom at &lt;v&gt;" on {@code failAt}. */
    public static JobGraph failingMap(int p, long n, long failAt) {
        OperatorDescriptor source = OperatorDescriptor.builder(OperatorKinds.SOURCE)
                .userFunction(new NumberSource(n, 1, false)).outputType(PAIR).build();
        OperatorDescriptor map = OperatorDescriptor.builder(OperatorKinds.MAP)
                .userFunction(new FailingMap(failAt)).inputType(PAIR).outputType(PAIR).build();
        JobVertex v0 = vertex(0, "Source: numbers -> Failing Map -> Collect", p, List.of(
                spec("source", "Source: numbers", source, List.of(OperatorOutput.chained(1, 0))),
                spec("map", "Failing Map", map, List.of(OperatorOutput.chained(2, 0))),
                spec("collect", "Collect", collectSink(), List.of())));
        return graph("failing job", List.of(v0), List.of());
    }

    /** An endless source (parallelism p) --REBALANCE--> collect sink (parallelism p). */
    public static JobGraph endless(int p) {
        OperatorDescriptor source = OperatorDescriptor.builder(OperatorKinds.SOURCE)
                .userFunction(new NumberSource(Long.MAX_VALUE, 1, true)).outputType(PAIR).build();
        JobVertex v0 = vertex(0, "Source: endless", p, List.of(spec("source", "Source: endless", source, List.of(OperatorOutput.network(0)))));
        JobVertex v1 = vertex(1, "Collect", p, List.of(spec("collect", "Collect", collectSink(), List.of())));
        JobEdge edge = new JobEdge(v0.id(), 0, v1.id(), 0, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(PAIR, "type"));
        return graph("endless job", List.of(v0, v1), List.of(edge));
    }

    /** Reads all records of a collect stream. */
    public static List<Tuple2<Long, Long>> readAll(CollectStream stream) throws Exception {
        TypeSerializer<Tuple2<Long, Long>> serializer = PAIR.createSerializer(new SerializerConfig());
        List<Tuple2<Long, Long>> records = new ArrayList<>();
        for (byte[] batch = stream.nextBatch(); batch != null; batch = stream.nextBatch()) {
            DataInputDeserializer in = new DataInputDeserializer(batch);
            while (in.available() > 0) {
                records.add(serializer.deserialize(in));
            }
        }
        return records;
    }

    private static OperatorDescriptor collectSink() {
        return OperatorDescriptor.builder(new OperatorKinds.CollectSink(COLLECT_ID)).inputType(PAIR).build();
    }

    private static OperatorSpec spec(String uid, String name, OperatorDescriptor d, List<OperatorOutput> outputs) {
        return new OperatorSpec(uid, name, d.kind().name(), InstantiationUtil.serialize(d, "operator " + name), outputs);
    }

    private static JobVertex vertex(int id, String name, int p, List<OperatorSpec> chain) {
        return new JobVertex(new JobVertexId(id), name, p, 128, chain);
    }

    private static JobGraph graph(String name, List<JobVertex> vertices, List<JobEdge> edges) {
        return new JobGraph(JobId.generate(), name, vertices, edges, 10,
                InstantiationUtil.serialize(new SerializerConfig(), "serializer config"), Map.of());
    }

    /** Emits (v % keys, v) for v in this subtask's range; endless mode emits until cancelled. */
    static final class NumberSource extends RichParallelSourceFunction<Tuple2<Long, Long>> {
        private final long n;
        private final long keys;
        private final boolean endless;
        private volatile boolean running = true;

        NumberSource(long n, long keys, boolean endless) {
            this.n = n;
            this.keys = keys;
            this.endless = endless;
        }

        @Override
        public void run(SourceContext<Tuple2<Long, Long>> ctx) {
            long start = endless ? 0 : getRuntimeContext().getIndexOfThisSubtask() * n;
            var emitted = getRuntimeContext().getLongCounter("emitted");
            for (long v = start; running && (endless || v < start + n); v++) {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(Tuple2.of(v % keys, v));
                    emitted.add(1L);
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static final class F0 implements KeySelector<Tuple2<Long, Long>, Long> {
        @Override
        public Long getKey(Tuple2<Long, Long> value) {
            return value.f0;
        }
    }

    static final class SumF1 implements ReduceFunction<Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return Tuple2.of(a.f0, a.f1 + b.f1);
        }
    }

    static final class FailingMap implements MapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private final long failAt;

        FailingMap(long failAt) {
            this.failAt = failAt;
        }

        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) {
            if (value.f1 == failAt) {
                throw new IllegalArgumentException("boom at " + value.f1);
            }
            return value;
        }
    }
}
