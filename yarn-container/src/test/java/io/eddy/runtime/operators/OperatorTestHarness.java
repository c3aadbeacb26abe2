package io.eddy.runtime.operators;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.tasks.OperatorChain;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one operator, or a whole chain, without a task thread or network: feed records to the head,
 * read what each output received, drive timers and mails by hand, and check the life cycle. In
 * the spirit of Hazelcast Jet's {@code TestSupport}: the descriptors travel through Java
 * serialization first (as they do to a worker), so a function that captures something not
 * serializable fails here too; the real {@link OperatorChain} wires and wraps the operators, so
 * error messages and open/close order are those of a task.
 *
 * <p>Single-threaded: call everything from the test thread.
 */
public final class OperatorTestHarness implements AutoCloseable {

    private final OperatorChain chain;
    private final TaskEnvironment environment;
    private final ManualTimerService timers;
    private final QueueMailbox mailbox;
    private final List<CollectingOutput<Object>> outputs;
    private final Map<String, Integer> sideOutputIndex;
    private boolean stateInitialized;
    private boolean opened;
    private boolean closed;

    private OperatorTestHarness(Builder b, JobVertex vertex, Map<String, Integer> sideOutputIndex, int numberOfOutputs) {
        this.timers = new ManualTimerService(b.startTime);
        this.mailbox = new QueueMailbox();
        this.environment = TaskEnvironment.builder()
                .taskName(vertex.name())
                .subtask(b.subtaskIndex, b.parallelism, b.maxParallelism)
                .attempt(b.attempt)
                .serializerConfig(b.serializerConfig)
                .timerService(timers)
                .mailbox(mailbox)
                .collectGateway(b.collectGateway)
                .memoryManager(b.memoryManager)
                .ioManager(b.ioManager)
                .inputSplitProvider(b.inputSplitProvider)
                .build();
        this.outputs = new ArrayList<>();
        for (int i = 0; i < numberOfOutputs; i++) {
            outputs.add(new CollectingOutput<>());
        }
        this.sideOutputIndex = sideOutputIndex;
        this.chain = OperatorChain.build(vertex, environment, OperatorFactory.load(getClass().getClassLoader()), outputs);
    }

    /** A harness for one operator; its main output is output 0, declared side outputs follow. */
    public static Builder forOperator(OperatorDescriptor descriptor) {
        return new Builder(descriptor, null, 0);
    }

    /** A harness for the chain of {@code vertex}, whose network outputs 0..numberOfOutputs-1 are collected. */
    public static Builder forChain(JobVertex vertex, int numberOfOutputs) {
        return new Builder(null, vertex, numberOfOutputs);
    }

    /** An operator spec with the descriptor serialized, for building vertices in tests. */
    public static OperatorSpec spec(String name, OperatorDescriptor descriptor, List<OperatorOutput> outputs) {
        return new OperatorSpec(name + "-uid", name, descriptor.kind().name(), InstantiationUtil.serialize(descriptor, "operator " + name), outputs);
    }

    /**
     * Gives the operators their state before {@link #open()}, as a task does with its deployment's
     * restore: by operator uid (a single operator's uid is {@code "<name>-uid"}). Without this call,
     * {@link #open()} initializes empty state.
     */
    public OperatorTestHarness initializeState(io.eddy.runtime.checkpoint.TaskRestore restore) {
        if (stateInitialized || opened) {
            throw new IllegalStateException("initializeState must be called once, before open()");
        }
        stateInitialized = true;
        chain.initializeState(restore);
        return this;
    }

    public OperatorTestHarness open() {
        if (!stateInitialized) {
            stateInitialized = true;
            chain.initializeState(null);
        }
        opened = true;
        chain.open();
        return this;
    }

    /** Feeds {@code value} (without timestamp) to input 0 of the head. */
    public OperatorTestHarness process(Object value) {
        return process(0, new StreamRecord<>(value));
    }

    /** Feeds {@code value} with a timestamp to input 0 of the head. */
    public OperatorTestHarness process(Object value, long timestamp) {
        return process(0, new StreamRecord<>(value, timestamp));
    }

    /** Feeds every value to input 0 of the head. */
    public OperatorTestHarness processAll(Iterable<?> values) {
        for (Object value : values) {
            process(value);
        }
        return this;
    }

    /** Feeds {@code record} to logical input {@code input} of the head, as a task's input processor does. */
    @SuppressWarnings("unchecked")
    public OperatorTestHarness process(int input, StreamRecord<?> record) {
        requireOpen();
        Input<Object> target = (Input<Object>) chain.head().input(input);
        try {
            target.processElement((StreamRecord<Object>) record);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.PROCESSING, e);
        }
        return this;
    }

    /** Feeds {@code watermark} to logical input {@code input} of the head, as a task's watermark valve does when its input's event time advances. */
    public OperatorTestHarness processWatermark(int input, long watermark) {
        requireOpen();
        try {
            chain.head().input(input).processWatermark(new Watermark(watermark));
        } catch (Exception e) {
            throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.PROCESSING, e);
        }
        return this;
    }

    /** Runs the head source until it returns, as a source task does. */
    public OperatorTestHarness runSource() {
        requireOpen();
        SourceHead source = chain.sourceHead();
        if (source == null) {
            throw new IllegalStateException("the head of this harness is not a source");
        }
        try {
            source.run();
        } catch (Exception e) {
            throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.RUN, e);
        }
        return this;
    }

    /**
     * Tells the head that logical input {@code input} ended, as the task's input processor does
     * (once per input, before {@link #finish()}); nothing happens for a head that is not a {@link BoundedMultiInput}.
     */
    public OperatorTestHarness endInput(int input) {
        requireOpen();
        if (chain.head() instanceof BoundedMultiInput bounded) {
            try {
                bounded.endInput(input);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(chain.headName(), OperatorFailureException.Phase.FINISH, e);
            }
        }
        return this;
    }

        /** Ends the input: finishes every operator, head first. */
    public OperatorTestHarness finish() {
        requireOpen();
        chain.finish();
        return this;
    }

    /** Closes the opened operators. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            chain.close();
        }
    }

    /** Closes the opened operators as a failed task does: their failures are added to {@code cause}. */
    public void closeAfterFailure(Throwable cause) {
        if (!closed) {
            closed = true;
            chain.closeAfterFailure(cause);
        }
    }

    /** Moves processing time forward, running the timers that became due. */
    public OperatorTestHarness advanceTime(long millis) throws Exception {
        timers.advance(millis);
        return this;
    }

    public ManualTimerService timers() {
        return timers;
    }

    public QueueMailbox mailbox() {
        return mailbox;
    }

    /** The values the main output (output 0) received. */
    @SuppressWarnings("unchecked")
    public <T> List<T> output() {
        return (List<T>) outputs.get(0).values();
    }

    /** The records (with timestamps) output {@code index} received. */
    @SuppressWarnings("unchecked")
    public <T> List<StreamRecord<T>> records(int index) {
        return (List<StreamRecord<T>>) (List<?>) outputs.get(index).records();
    }

    /** The watermarks and watermark statuses output {@code index} received, in order. */
    public List<Object> marks(int index) {
        return outputs.get(index).marks();
    }

    /** The main output's values and marks (watermarks, statuses) in arrival order. */
    public List<Object> sequence() {
        return outputs.get(0).sequence();
    }

    /** The values the side output {@code tagId} received. */
    @SuppressWarnings("unchecked")
    public <T> List<T> sideOutput(String tagId) {
        Integer index = sideOutputIndex.get(tagId);
        if (index == null) {
            throw new IllegalArgumentException("side output '" + tagId + "' was not declared with Builder.sideOutput (declared: "
                    + sideOutputIndex.keySet() + ")");
        }
        return (List<T>) outputs.get(index).values();
    }

    public void clearOutputs() {
        outputs.forEach(CollectingOutput::clear);
    }

    public Map<String, Accumulator<?, ?>> accumulators() {
        return environment.accumulators().all();
    }

    public StreamOperator<?> operator(int index) {
        return chain.operators().get(index);
    }

    /** The keyed state of operator {@code index}, or null if it is not keyed. */
    public HeapKeyedStateBackend keyedState(int index) {
        return ((AbstractStreamOperator<?>) operator(index)).getKeyedStateBackend();
    }

    /** The (deserialized) user function of operator {@code index}, to inspect what it recorded. */
    @SuppressWarnings("unchecked")
    public <F extends Function> F userFunction(int index) {
        try {
            Field field = AbstractStreamOperator.class.getDeclaredField("userFunction");
            field.setAccessible(true);
            return (F) field.get(operator(index));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the user function of operator " + index, e);
        }
    }

    private void requireOpen() {
        if (!opened || closed) {
            throw new IllegalStateException("the harness is " + (closed ? "closed" : "not opened yet: call open() first"));
        }
    }

    /** Configures an {@link OperatorTestHarness}. */
    public static final class Builder {
        private final OperatorDescriptor descriptor;
        private final JobVertex vertex;
        private final int numberOfOutputs;
        private final List<String> sideOutputs = new ArrayList<>();
        private String name = "Op";
        private int subtaskIndex;
        private int parallelism = 1;
        private int maxParallelism = KeyGroups.DEFAULT_MAX_PARALLELISM;
        private int attempt;
        private long startTime = 1_000_000L;
        private SerializerConfig serializerConfig = new SerializerConfig();
        private CollectGateway collectGateway;
        private io.eddy.runtime.memory.MemoryManager memoryManager;
        private io.eddy.runtime.io.disk.IOManager ioManager;
        private InputSplitProvider inputSplitProvider;

        private Builder(OperatorDescriptor descriptor, JobVertex vertex, int numberOfOutputs) {
            this.descriptor = descriptor;
            this.vertex = vertex;
            this.numberOfOutputs = numberOfOutputs;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder subtask(int index, int parallelism, int maxParallelism) {
            this.subtaskIndex = index;
            this.parallelism = parallelism;
            this.maxParallelism = maxParallelism;
            return this;
        }

        public Builder attempt(int attempt) {
            this.attempt = attempt;
            return this;
        }

        /** Collects the side output {@code tagId} of the single operator. */
        public Builder sideOutput(String tagId) {
            sideOutputs.add(tagId);
            return this;
        }

        public Builder serializerConfig(SerializerConfig config) {
            this.serializerConfig = config;
            return this;
        }

        public Builder collectGateway(CollectGateway gateway) {
            this.collectGateway = gateway;
            return this;
        }

        /** The managed memory the operators see; by default a small one of the harness's own. */
        public Builder memoryManager(io.eddy.runtime.memory.MemoryManager memoryManager) {
            this.memoryManager = memoryManager;
            return this;
        }

        /** The I/O manager for operators that spill; the caller closes it. None by default. */
        /** Where a batch source head gets its splits. */
        public Builder inputSplitProvider(InputSplitProvider provider) {
            this.inputSplitProvider = provider;
            return this;
        }

        public Builder ioManager(io.eddy.runtime.io.disk.IOManager ioManager) {
            this.ioManager = ioManager;
            return this;
        }

        public OperatorTestHarness build() {
            if (vertex != null) {
                return new OperatorTestHarness(this, vertex, Map.of(), numberOfOutputs);
            }
            List<OperatorOutput> outs = new ArrayList<>();
            outs.add(OperatorOutput.network(0));
            Map<String, Integer> sideIndex = new LinkedHashMap<>();
            for (String tag : sideOutputs) {
                sideIndex.put(tag, outs.size());
                outs.add(new OperatorOutput(OperatorOutput.Target.NETWORK, outs.size(), 0, tag));
            }
            JobVertex single = new JobVertex(new JobVertexId(0), name, parallelism, maxParallelism, List.of(spec(name, descriptor, outs)));
            return new OperatorTestHarness(this, single, sideIndex, outs.size());
        }
    }
}
