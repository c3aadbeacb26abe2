package io.eddy.runtime.operators;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.iteration.IterationTaskContext;
import io.eddy.runtime.iteration.LaneResources;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.memory.MemoryManager;
import java.util.Objects;

/**
 * What the operators of one task share: the task's identity, class loader and serializer
 * configuration, its accumulators, timers, mailbox access for sources, the checkpoint lock and
 * the collect gateway, the worker's managed memory and spilling I/O manager, the input split
 * provider of batch sources and the task's broadcast variables; in a loop (docs/iterations.md), the
 * task's iteration context, the head's superstep control and the lane's shared resources. Built by the task (or by a test harness) with {@link #builder()}.
 *
 * <p>Used from the task thread only, except {@link #checkpointLock()}, which is a plain monitor.
 */
public final class TaskEnvironment {

    private final String taskName;
    private final int subtaskIndex;
    private final int parallelism;
    private final int maxParallelism;
    private final int attempt;
    private final ClassLoader userCodeClassLoader;
    private final SerializerConfig serializerConfig;
    private final Accumulators accumulators;
    private final TimerService timerService;
    private final MailboxAccess mailbox;
    private final CollectGateway collectGateway;
    private final Object checkpointLock;
    private final MemoryManager memoryManager;
    private final IOManager ioManager;
    private final InputSplitProvider inputSplitProvider;
    private final BroadcastVariables broadcastVariables = new BroadcastVariables();
    private final IterationTaskContext iteration;
    private final SuperstepControl superstepControl;
    private final LaneResources laneResources;

    private TaskEnvironment(Builder b) {
        this.taskName = Objects.requireNonNull(b.taskName, "taskName");
        this.subtaskIndex = b.subtaskIndex;
        this.parallelism = b.parallelism;
        this.maxParallelism = b.maxParallelism;
        this.attempt = b.attempt;
        this.userCodeClassLoader = Objects.requireNonNull(b.userCodeClassLoader, "userCodeClassLoader");
        this.serializerConfig = Objects.requireNonNull(b.serializerConfig, "serializerConfig");
        this.timerService = Objects.requireNonNull(b.timerService, "timerService");
        this.mailbox = Objects.requireNonNull(b.mailbox, "mailbox");
        this.collectGateway = b.collectGateway;
        this.checkpointLock = b.checkpointLock;
        this.memoryManager = b.memoryManager != null ? b.memoryManager
                : new MemoryManager(Builder.DEFAULT_MANAGED_MEMORY_BYTES, MemoryManager.DEFAULT_PAGE_SIZE);
        this.ioManager = b.ioManager;
        this.inputSplitProvider = b.inputSplitProvider;
        this.iteration = b.iteration;
        this.superstepControl = b.superstepControl;
        this.laneResources = b.laneResources;
        if (superstepControl != null && iteration == null) {
            throw new IllegalArgumentException("Bug: task '" + taskName + "' has a superstep control but no iteration context");
        }
        if (subtaskIndex < 0 || subtaskIndex >= parallelism || maxParallelism < parallelism) {
            throw new IllegalArgumentException("task '" + taskName + "': subtask " + subtaskIndex + " of parallelism " + parallelism
                    + ", max parallelism " + maxParallelism + " (expected: 0 <= subtask < parallelism <= max parallelism)");
        }
        this.accumulators = new Accumulators(taskNameWithSubtask());
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The task (vertex) name, e.g. {@code "Source -> Map"}. */
    public String taskName() {
        return taskName;
    }

    /** {@code name} followed by this subtask, e.g. {@code "Map (2/4)"}. */
    public String withSubtask(String name) {
        return name + " (" + (subtaskIndex + 1) + "/" + parallelism + ")";
    }

    public String taskNameWithSubtask() {
        return withSubtask(taskName);
    }

    public int subtaskIndex() {
        return subtaskIndex;
    }

    public int parallelism() {
        return parallelism;
    }

    public int maxParallelism() {
        return maxParallelism;
    }

    public int attempt() {
        return attempt;
    }

    public ClassLoader userCodeClassLoader() {
        return userCodeClassLoader;
    }

    public SerializerConfig serializerConfig() {
        return serializerConfig;
    }

    public Accumulators accumulators() {
        return accumulators;
    }

    public TimerService timerService() {
        return timerService;
    }

    public MailboxAccess mailbox() {
        return mailbox;
    }

    /**
     * The collect gateway of the worker.
     *
     * @throws IllegalStateException if the task was started without one
     */
    public CollectGateway collectGateway() {
        if (collectGateway == null) {
            throw new IllegalStateException("Bug: task '" + taskNameWithSubtask() + "' has a collect sink but was deployed without a "
                    + "CollectGateway in its TaskServices");
        }
        return collectGateway;
    }

    /** The lock a source holds while it emits, so that (later) snapshots see state and output agree. */
    public Object checkpointLock() {
        return checkpointLock;
    }

    /**
     * The worker's managed memory, shared with the other tasks of the worker. Operators allocate
     * pages with an owner of their own and release them (or {@code releaseAll(owner)}) when they close.
     */
    public MemoryManager memoryManager() {
        return memoryManager;
    }

    /**
     * The worker's I/O manager for spill files.
     *
     * @throws IllegalStateException if the task was built without one (a test that spills must set
     *     {@link Builder#ioManager})
     */
    public IOManager ioManager() {
        if (ioManager == null) {
            throw new IllegalStateException("Bug: task '" + taskNameWithSubtask() + "' spills but was built without an "
                    + "IOManager: pass one in TaskServices, or set TaskEnvironment.Builder.ioManager(...) in the test");
        }
        return ioManager;
    }

    /**
     * Where a batch source subtask gets its input splits (from the master's assigner).
     *
     * @throws IllegalStateException if the task was built without one
     */
    public InputSplitProvider inputSplitProvider() {
        if (inputSplitProvider == null) {
            throw new IllegalStateException("Bug: task '" + taskNameWithSubtask() + "' has a batch source but was built without an "
                    + "InputSplitProvider: pass an InputSplitGateway in TaskServices, or set TaskEnvironment.Builder.inputSplitProvider(...) "
                    + "in the test");
        }
        return inputSplitProvider;
    }

    /** The task's broadcast variables; filled by the task before its operators are opened. */
    public BroadcastVariables broadcastVariables() {
        return broadcastVariables;
    }

    /** The loop this task's vertex belongs to, or null if it is not in an iteration group. */
    public IterationTaskContext iteration() {
        return iteration;
    }

    /**
     * How a loop's head drives its task through supersteps.
     *
     * @throws IllegalStateException if the task is not a task of a loop's head vertex
     */
    public SuperstepControl superstepControl() {
        if (superstepControl == null) {
            throw new IllegalStateException("Bug: task '" + taskNameWithSubtask() + "' runs a loop's head operator but is not the head task of an"
                    + " iteration group (the compiler puts the head's vertex into the group and names it in the IterationSpec)");
        }
        return superstepControl;
    }

    /**
     * The objects this task's lane shares on this worker (a loop's back channel).
     *
     * @throws IllegalStateException if the task was built without them
     */
    public LaneResources laneResources() {
        if (laneResources == null) {
            throw new IllegalStateException("Bug: task '" + taskNameWithSubtask() + "' needs the lane's shared resources but was built without"
                    + " them: pass LaneResources in TaskServices, or set TaskEnvironment.Builder.laneResources(...) in the test");
        }
        return laneResources;
    }

    /** Builds a {@link TaskEnvironment}. */
    public static final class Builder {
        private String taskName;
        private int subtaskIndex;
        private int parallelism = 1;
        private int maxParallelism = io.eddy.jobgraph.KeyGroups.DEFAULT_MAX_PARALLELISM;
        private int attempt;
        private ClassLoader userCodeClassLoader = TaskEnvironment.class.getClassLoader();
        private SerializerConfig serializerConfig = new SerializerConfig();
        private TimerService timerService;
        private MailboxAccess mailbox;
        private CollectGateway collectGateway;
        private Object checkpointLock = new Object();
        private MemoryManager memoryManager;
        private IOManager ioManager;
        private InputSplitProvider inputSplitProvider;
        private IterationTaskContext iteration;
        private SuperstepControl superstepControl;
        private LaneResources laneResources;

        /** The budget of the memory manager a builder creates when none is set (tests): 16 MiB, allocated on demand. */
        static final long DEFAULT_MANAGED_MEMORY_BYTES = 16L << 20;

        private Builder() {}

        /** The worker's memory manager; if null or not set, the task gets a small one of its own (for tests). */
        public Builder memoryManager(MemoryManager memoryManager) {
            this.memoryManager = memoryManager;
            return this;
        }

        /** The worker's I/O manager; may be null (not set) for tasks that never spill. */
        public Builder ioManager(IOManager ioManager) {
            this.ioManager = ioManager;
            return this;
        }

        /** Where batch sources get their splits; may be null (not set) for tasks without a batch source. */
        public Builder inputSplitProvider(InputSplitProvider provider) {
            this.inputSplitProvider = provider;
            return this;
        }

        public Builder taskName(String name) {
            this.taskName = name;
            return this;
        }

        /** The subtask's index (from 0), the vertex's parallelism and its max parallelism (number of key groups). */
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

        public Builder userCodeClassLoader(ClassLoader classLoader) {
            this.userCodeClassLoader = classLoader;
            return this;
        }

        public Builder serializerConfig(SerializerConfig config) {
            this.serializerConfig = config;
            return this;
        }

        public Builder timerService(TimerService service) {
            this.timerService = service;
            return this;
        }

        public Builder mailbox(MailboxAccess mailbox) {
            this.mailbox = mailbox;
            return this;
        }

        public Builder collectGateway(CollectGateway gateway) {
            this.collectGateway = gateway;
            return this;
        }

        public Builder checkpointLock(Object lock) {
            this.checkpointLock = Objects.requireNonNull(lock, "lock");
            return this;
        }

        /** The task's loop; null (not set) outside an iteration group. */
        public Builder iteration(IterationTaskContext iteration) {
            this.iteration = iteration;
            return this;
        }

        /** The head task's control of supersteps; null (not set) for tasks that are not a loop's head. */
        public Builder superstepControl(SuperstepControl control) {
            this.superstepControl = control;
            return this;
        }

        /** The lane's shared resources on this worker; may be null (not set) for tasks outside loops. */
        public Builder laneResources(LaneResources resources) {
            this.laneResources = resources;
            return this;
        }

        public TaskEnvironment build() {
            return new TaskEnvironment(this);
        }
    }
}
