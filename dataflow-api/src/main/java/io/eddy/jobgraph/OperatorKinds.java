package io.eddy.jobgraph;

import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.streaming.api.windowing.WindowSpec;
import java.util.Objects;

/**
 * The operator kinds of the streaming API, one record per kind: the contract between the API,
 * which writes them into {@link OperatorDescriptor}s, and the runtime, which implements each. A
 * kind without parameters has one instance, the constant beside it.
 *
 * <p>What the rest of the descriptor holds for each kind:
 * <table>
 * <caption>Descriptor contents per kind</caption>
 * <tr><th>kind</th><th>userFunction</th><th>keySelectors / keyType</th><th>inputTypes</th><th>outputType</th></tr>
 * <tr><td>{@link Source}</td><td>the {@code SourceFunction}, or a {@code Source} (reader on the task thread)</td><td>none / null</td><td>none</td><td>the record type</td></tr>
 * <tr><td>{@link Map}, {@link FlatMap}, {@link Filter}, {@link Process}</td><td>the function</td><td>none / null</td>
 *     <td>one</td><td>the record type (Filter: the input type)</td></tr>
 * <tr><td>{@link KeyedProcess}, {@link KeyedReduce}</td><td>the function (for the aggregations
 *     {@code sum/min/max/minBy/maxBy}, a {@code ReduceFunction} written by the API)</td><td>one / the key type</td>
 *     <td>one</td><td>the record type (KeyedReduce: the input type)</td></tr>
 * <tr><td>{@link Window}</td><td>an {@code InternalWindowFunction} the API wraps around the window function</td>
 *     <td>one / the key type ({@code windowAll}: a constant {@code Byte} key)</td><td>one</td><td>the result type</td></tr>
 * <tr><td>{@link CoMap}, {@link CoFlatMap}</td><td>the function</td><td>none / null, or on keyed connected
 *     streams two (input 0, input 1) / the common key type</td><td>two (input 0, input 1)</td><td>the record type</td></tr>
 * <tr><td>{@link TimestampsAndWatermarks}</td><td>null</td><td>none / null</td><td>one</td><td>the input type</td></tr>
 * <tr><td>{@link Sink}</td><td>the {@code SinkFunction}</td><td>none / null</td><td>one</td><td>null</td></tr>
 * <tr><td>{@link CollectSink}</td><td>null</td><td>none / null</td><td>one</td><td>null</td></tr>
 * </table>
 *
 * <p>The keyed kinds always read their input(s) through HASH edges whose key selectors are the
 * descriptor's. Side outputs are not in the descriptor: they appear as {@code OperatorOutput}s with
 * a side output tag id; a {@code ProcessFunction}'s context emits to the output whose tag id
 * equals {@code OutputTag.getId()}, and records of a tag without such an output are dropped.
 */
public final class OperatorKinds {

    private OperatorKinds() {}

    /** The streaming kinds. */
    public sealed interface StreamKind extends OperatorKind
            permits Source, Map, FlatMap, Filter, Process, KeyedProcess, KeyedReduce, Window, CoMap, CoFlatMap,
                    TimestampsAndWatermarks, Sink, CollectSink {}

    /** {@code SourceFunction} (or a parallel one, or a {@code Source}): emits records until it returns or is cancelled. */
    public record Source() implements StreamKind {
        @Override
        public String name() {
            return "source";
        }
    }

    public static final Source SOURCE = new Source();

    /** {@code MapFunction}. */
    public record Map() implements StreamKind {
        @Override
        public String name() {
            return "map";
        }
    }

    public static final Map MAP = new Map();

    /** {@code FlatMapFunction}. */
    public record FlatMap() implements StreamKind {
        @Override
        public String name() {
            return "flatMap";
        }
    }

    public static final FlatMap FLAT_MAP = new FlatMap();

    /** {@code FilterFunction}. */
    public record Filter() implements StreamKind {
        @Override
        public String name() {
            return "filter";
        }
    }

    public static final Filter FILTER = new Filter();

    /** {@code ProcessFunction} on a non-keyed stream. */
    public record Process() implements StreamKind {
        @Override
        public String name() {
            return "process";
        }
    }

    public static final Process PROCESS = new Process();

    /** {@code KeyedProcessFunction}: keyed state available; one key selector. */
    public record KeyedProcess() implements StreamKind {
        @Override
        public String name() {
            return "keyedProcess";
        }
    }

    public static final KeyedProcess KEYED_PROCESS = new KeyedProcess();

    /**
     * {@code ReduceFunction} on a keyed stream, rolling: emits the running result after each record,
     * keeping it in keyed state. Also used by the API's {@code sum/min/max/minBy/maxBy}.
     */
    public record KeyedReduce() implements StreamKind {
        @Override
        public String name() {
            return "keyedReduce";
        }
    }

    public static final KeyedReduce KEYED_REDUCE = new KeyedReduce();

    /**
     * A keyed window: elements are assigned to windows, kept in keyed state with the window as
     * namespace, and evaluated when the trigger fires (docs/windows.md). Also {@code windowAll},
     * {@code join} and {@code coGroup} of the DataStream API.
     *
     * @param spec the assigner, trigger, evictor, allowed lateness, late-data tag and the descriptor
     *     of the window contents state
     */
    public record Window(WindowSpec spec) implements StreamKind {
        public Window {
            Objects.requireNonNull(spec, "spec");
        }

        @Override
        public String name() {
            return "window";
        }
    }

    /** {@code CoMapFunction} on two inputs. */
    public record CoMap() implements StreamKind {
        @Override
        public String name() {
            return "coMap";
        }
    }

    public static final CoMap CO_MAP = new CoMap();

    /** {@code CoFlatMapFunction} on two inputs. */
    public record CoFlatMap() implements StreamKind {
        @Override
        public String name() {
            return "coFlatMap";
        }
    }

    public static final CoFlatMap CO_FLAT_MAP = new CoFlatMap();

    /**
     * Assigns timestamps and emits watermarks ({@code DataStream.assignTimestampsAndWatermarks}):
     * records pass through with their new timestamp; the strategy's generator sees each record and
     * emits periodically.
     *
     * @param strategy the watermark strategy
     * @param autoWatermarkIntervalMillis the periodic emit interval; 0 or less: no periodic emit
     */
    public record TimestampsAndWatermarks(WatermarkStrategy<?> strategy, long autoWatermarkIntervalMillis) implements StreamKind {
        public TimestampsAndWatermarks {
            Objects.requireNonNull(strategy, "strategy");
        }

        @Override
        public String name() {
            return "timestampsAndWatermarks";
        }
    }

    /** {@code SinkFunction}: consumes records, emits nothing. */
    public record Sink() implements StreamKind {
        @Override
        public String name() {
            return "sink";
        }
    }

    public static final Sink SINK = new Sink();

    /**
     * A sink that streams serialized records back to the client ({@code executeAndCollect}, a
     * DataSet's {@code collect}): it sends a batch when it holds {@code batchBytes} bytes or {@code
     * flushMillis} have passed since its first record.
     *
     * @param collectId the id under which the client reads the results
     * @param batchBytes the batch size that is sent at once, in bytes
     * @param flushMillis the longest a record waits in a partly filled batch
     */
    public record CollectSink(String collectId, int batchBytes, long flushMillis) implements StreamKind {

        /** The kind's {@link #name()}, for who finds collect sinks by {@code OperatorSpec.kind()} without their descriptors. */
        public static final String NAME = "collectSink";
        public static final int DEFAULT_BATCH_BYTES = 32 * 1024;
        public static final long DEFAULT_FLUSH_MILLIS = 100;

        public CollectSink {
            Objects.requireNonNull(collectId, "collectId");
            if (batchBytes < 1 || flushMillis < 0) {
                throw new IllegalArgumentException("Bug: collect sink batch " + batchBytes + " bytes, flush " + flushMillis
                        + " ms (expected: at least 1 byte, not negative)");
            }
        }

        /** A collect sink with the default batch size and flush interval. */
        public CollectSink(String collectId) {
            this(collectId, DEFAULT_BATCH_BYTES, DEFAULT_FLUSH_MILLIS);
        }

        @Override
        public String name() {
            return NAME;
        }
    }
}
