package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.TaskEnvironment;

/**
 * How a loop's head and tail find their lane's {@link BackChannel}: under one key in the lane's
 * {@code LaneResources}, created by whichever of the two asks first, with the same parameters. The
 * key names the iteration, the subtask and the attempt; it assumes that the head's and the tail's
 * tasks of one lane run the same attempt (a loop is one pipelined region and restarts as a whole).
 */
final class LaneBackChannels {

    private LaneBackChannels() {}

    /** The key of the back channel of {@code iteration} in lane {@code subtaskIndex}, attempt {@code attempt}. */
    static String key(String iteration, int subtaskIndex, int attempt) {
        return "bulk-iteration-back-channel/" + iteration + "/" + subtaskIndex + "/" + attempt;
    }

    /** The key of the lane's back channel of {@code iteration}, as the operator with {@code context} sees it. */
    static String key(OperatorContext<?> context, String iteration) {
        TaskEnvironment env = context.environment();
        return key(iteration, env.subtaskIndex(), env.attempt());
    }

    /**
     * The back channel of {@code iteration} in this operator's lane, created if the lane has none;
     * its first superstep is the run's (1, or the one a resumed loop starts with).
     *
     * @param recordType the type of the partial solution's records
     * @throws IllegalStateException if the channel's managed memory cannot be allocated (the message
     *     says which option to raise)
     */
    @SuppressWarnings("unchecked")
    static <T> BackChannel<T> of(OperatorContext<?> context, String iteration, TypeInfo<T> recordType) {
        TaskEnvironment env = context.environment();
        String name = "back channel of iteration '" + iteration + "', lane " + (env.subtaskIndex() + 1) + "/" + env.parallelism();
        return env.laneResources().computeIfAbsent(key(context, iteration), BackChannel.class, () -> {
            try {
                return new BackChannel<>(name, recordType.createSerializer(env.serializerConfig()), env.memoryManager(), env.ioManager(),
                        BackChannel.DEFAULT_PAGES_PER_SUPERSTEP, env.iteration().firstSuperstep());
            } catch (MemoryAllocationException e) {
                throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "' cannot create the " + name + ": "
                        + e.getMessage(), e);
            }
        });
    }
}
