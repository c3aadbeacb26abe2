package io.eddy.benchmarks.flink.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.Accumulator;
import org.apache.flink.api.common.accumulators.ListAccumulator;
import org.apache.flink.api.common.functions.IterationRuntimeContext;
import org.apache.flink.api.common.functions.RichFunction;
import org.apache.flink.api.common.functions.RuntimeContext;

/**
 * The superstep durations of a Flink 1.20 DataSet loop, measured from inside the job. Flink has no
 * figure of its own for them. Two kinds of functions note times into the list accumulator {@value
 * #ACCUMULATOR}, as {@code (superstep, subtask, event, epoch millis)}:
 *
 * <ul>
 *   <li>rich functions chained to the job's sources call {@link #started} in {@code open}: the
 *       earliest such time is (about) the job's start. (The source of the loop's initial input
 *       alone would not do: Flink deploys it with the loop, once the loop's blocking inputs, such
 *       as the static adjacency lists, are complete.)
 *   <li>the rich function that produces the loop's next partial solution (the bulk loop's last
 *       function, the delta loop's solution-set delta) calls {@link #closed} in {@code close}:
 *       Flink opens and closes the functions of an iteration's tasks once per superstep, and closes
 *       them after the task has consumed the superstep's input, so the last close of a superstep
 *       over all subtasks is (about) its end.
 * </ul>
 *
 * <p>{@link #durations}: superstep 1 lasts from the earliest start to the last close of superstep 1,
 * so it includes reading the inputs and building what the loop keeps (adjacency lists, the static
 * side of a join), as Eddy's superstep 1 does; superstep {@code s > 1} from the last close of {@code s - 1} to the last close of
 * {@code s}, so it includes the synchronisation that ended {@code s - 1} and the start of {@code s}.
 * Eddy's master measures its supersteps the same way (from the previous superstep's decision, for
 * superstep 1 from the deployment of the loop's tasks, to the last report). The open of a superstep
 * is no start mark: a task opens its functions only once its input of the superstep is ready (a
 * sorted grouping, a built hash table), close to the superstep's end.
 */
final class SuperstepTimes {

    static final String ACCUMULATOR = "superstep-times";
    private static final long START = 0;
    private static final long CLOSE = 1;

    private SuperstepTimes() {}

    /** Notes that {@code function}'s subtask started. Call from {@code open} of a function chained to a source, outside the loop. */
    static void started(RichFunction function) {
        note(function.getRuntimeContext(), 0, START);
    }

    /** Notes that {@code function}'s subtask closed its current superstep. Call from {@code close} of a function in the loop. */
    static void closed(RichFunction function) {
        IterationRuntimeContext context = function.getIterationRuntimeContext();
        note(context, context.getSuperstepNumber(), CLOSE);
    }

    private static void note(RuntimeContext context, int superstep, long event) {
        Accumulator<long[], ArrayList<long[]>> times = context.getAccumulator(ACCUMULATOR);
        if (times == null) {
            times = new ListAccumulator<>();
            context.addAccumulator(ACCUMULATOR, times);
        }
        times.add(new long[] {superstep, context.getTaskInfo().getIndexOfThisSubtask(), event, System.currentTimeMillis()});
    }

    /**
     * The duration of each superstep in milliseconds, superstep 1 first (see the class comment).
     *
     * @throws IllegalStateException if the job noted no times, or a superstep has no close
     */
    static List<Long> durations(JobExecutionResult result) {
        List<long[]> times = result.getAccumulatorResult(ACCUMULATOR);
        if (times == null || times.isEmpty()) {
            throw new IllegalStateException("Bug: the job noted no superstep times; call SuperstepTimes.started and closed (see its comment)");
        }
        long firstStart = Long.MAX_VALUE;
        TreeMap<Integer, Long> lastClose = new TreeMap<>();
        for (long[] t : times) {
            if (t[2] == START) {
                firstStart = Math.min(firstStart, t[3]);
            } else {
                lastClose.merge((int) t[0], t[3], Math::max);
            }
        }
        if (firstStart == Long.MAX_VALUE || lastClose.isEmpty() || lastClose.firstKey() != 1 || lastClose.lastKey() != lastClose.size()) {
            throw new IllegalStateException("Bug: the superstep times are incomplete (a start and a close of every superstep from 1 are "
                    + "needed); closes noted for supersteps " + lastClose.keySet() + (firstStart == Long.MAX_VALUE ? ", no start" : ""));
        }
        List<Long> durations = new ArrayList<>();
        long previous = firstStart;
        for (long end : lastClose.values()) {
            durations.add(end - previous);
            previous = end;
        }
        return durations;
    }
}
