package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.streaming.api.graph.OperatorTransformation;
import io.eddy.streaming.api.graph.Transformation;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The plan-time state of one streaming loop, shared by its {@link IterativeStream} and {@link
 * ConnectedIterativeStreams}: the head operator, the settings its kind carries, and the tail once
 * the loop is closed. Checks the rules of {@code closeWith} when it is called. Not thread-safe: the
 * program's thread.
 */
final class StreamLoop {

    private final StreamExecutionEnvironment environment;
    private final String name;
    private final OperatorTransformation<?> head;
    private final long maxWaitMillis;
    private TypeInfo<?> feedbackType;
    private String feedbackSideOutput;
    private long feedbackMemoryBytes = IterativeStream.DEFAULT_FEEDBACK_MEMORY.bytes();
    /** The tail, once closed. */
    private OperatorTransformation<Void> tail;
    /** Set when {@code withFeedbackType} made a connected loop of it: only that one may close it. */
    private boolean connected;

    StreamLoop(StreamExecutionEnvironment environment, String name, OperatorTransformation<?> head, long maxWaitMillis, TypeInfo<?> feedbackType) {
        this.environment = environment;
        this.name = name;
        this.head = head;
        this.maxWaitMillis = maxWaitMillis;
        this.feedbackType = feedbackType;
    }

    String name() {
        return name;
    }

    long maxWaitMillis() {
        return maxWaitMillis;
    }

    StreamIterationKinds.StreamHead headKind() {
        return new StreamIterationKinds.StreamHead(name, maxWaitMillis, feedbackType, feedbackSideOutput, feedbackMemoryBytes);
    }

    /** Makes the loop a connected one: its feedback of {@code type} goes to the head's side output {@code sideOutput}. */
    void connect(TypeInfo<?> type, String sideOutput, String caller) {
        checkOpen(caller);
        if (connected) {
            throw new IllegalStateException("Iteration '" + name + "': withFeedbackType was called already; use the ConnectedIterativeStreams"
                    + " it returned (one iterate() gives one loop)");
        }
        connected = true;
        feedbackType = Objects.requireNonNull(type, "withFeedbackType: type");
        feedbackSideOutput = sideOutput;
        head.setKind(headKind());
    }

    void setFeedbackMemory(MemorySize memory) {
        Objects.requireNonNull(memory, "setFeedbackMemory: memory");
        if (memory.bytes() < 1) {
            throw new IllegalArgumentException("feedback memory of iteration '" + name + "': " + memory + " (expected: > 0)");
        }
        feedbackMemoryBytes = memory.bytes();
        head.setKind(headKind());
        if (tail != null) {
            tail.setKind(new StreamIterationKinds.StreamTail(name, feedbackMemoryBytes));
        }
    }

    /**
     * Closes the loop with {@code feedback}, which must be computed from the head's output and have
     * the feedback type, by adding the tail.
     *
     * @param fromConnected whether {@link ConnectedIterativeStreams#closeWith} calls
     */
    <F> DataStream<F> close(DataStream<F> feedback, boolean fromConnected) {
        Objects.requireNonNull(feedback, "closeWith: feedback");
        if (connected && !fromConnected) {
            throw new IllegalStateException("Iteration '" + name + "' was turned into ConnectedIterativeStreams by withFeedbackType: call"
                    + " closeWith on those");
        }
        checkOpen("closeWith");
        if (feedback.getExecutionEnvironment() != environment) {
            throw new IllegalArgumentException("closeWith of iteration '" + name + "': the feedback stream belongs to another execution"
                    + " environment; build it from the IterativeStream");
        }
        if (!dependsOnHead(feedback.getTransformation())) {
            throw new IllegalArgumentException("closeWith of iteration '" + name + "': the feedback stream of '"
                    + feedback.getTransformation().getName() + "' does not depend on the iteration: compute it from the IterativeStream"
                    + " (or the ConnectedIterativeStreams) that iterate() returned, so that its records go around the loop");
        }
        TypeInfo<F> type = feedback.getType();
        if (!type.equals(feedbackType)) {
            throw new IllegalArgumentException("closeWith of iteration '" + name + "': the feedback of '" + feedback.getTransformation().getName()
                    + "' has type " + type + ", but the iteration feeds back " + feedbackType + (connected ? "" : " (its input's type)")
                    + ": map the feedback to that type" + (connected ? "" : ", or declare another with withFeedbackType(...)"));
        }
        tail = new OperatorTransformation<>("Iteration Tail", new StreamIterationKinds.StreamTail(name, feedbackMemoryBytes), null,
                List.of(feedback.getTransformation()), null);
        environment.addOperator(tail);
        return feedback;
    }

    private void checkOpen(String caller) {
        if (tail != null) {
            throw new IllegalStateException("Iteration '" + name + "' is closed already: " + caller + " is not possible after closeWith,"
                    + " and closeWith is called once per iterate()");
        }
    }

    /** Whether {@code t} reads, directly or not, the head's output. */
    private boolean dependsOnHead(Transformation<?> t) {
        Set<Transformation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Transformation<?>> todo = new ArrayDeque<>(List.of(t));
        while (!todo.isEmpty()) {
            Transformation<?> next = todo.pop();
            if (next == head) {
                return true;
            }
            if (seen.add(next)) {
                todo.addAll(next.getInputs());
            }
        }
        return false;
    }
}
