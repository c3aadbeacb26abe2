package io.eddy.hadoop;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.Serializable;
import java.util.Map;
import org.apache.hadoop.mapred.Counters;

/**
 * Hadoop counters as Eddy accumulators. A Hadoop function wrapper counts into a task-local {@link
 * Counters} and, when its function is done, adds each counter to the {@code LongCounter}
 * accumulator named {@link #accumulatorName(String, String)}; the job result merges them over all
 * subtasks, and {@link #of(JobExecutionResult)} reads them back as Hadoop {@code Counters}.
 */
public final class HadoopCounters {

    /** The prefix of every counter's accumulator name. */
    public static final String PREFIX = "hadoop-counter:";

    private HadoopCounters() {}

    /** The accumulator of counter {@code name} in group {@code group}: {@code hadoop-counter:<group>:<name>}. */
    public static String accumulatorName(String group, String name) {
        return PREFIX + group + ':' + name;
    }

    /** Adds every counter of {@code counters} to its accumulator in {@code context}. */
    public static void addTo(Counters counters, RuntimeContext context) {
        for (Counters.Group group : counters) {
            for (Counters.Counter counter : group) {
                if (counter.getValue() != 0) {
                    context.getLongCounter(accumulatorName(group.getName(), counter.getName())).add(counter.getValue());
                }
            }
        }
    }

    /**
     * The Hadoop counters of a finished job: one per counter accumulator, in its group (the group is
     * the accumulator name up to the first colon after the prefix: groups are enum class names or
     * names without a colon; a counter's name may hold colons).
     */
    public static Counters of(JobExecutionResult result) {
        Counters counters = new Counters();
        for (Map.Entry<String, Serializable> e : result.getAllAccumulatorResults().entrySet()) {
            String name = e.getKey();
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            int split = name.indexOf(':', PREFIX.length());
            String group = name.substring(PREFIX.length(), split);
            counters.findCounter(group, name.substring(split + 1)).increment(((Number) e.getValue()).longValue());
        }
        return counters;
    }
}
