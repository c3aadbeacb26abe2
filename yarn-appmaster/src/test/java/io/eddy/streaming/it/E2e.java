package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.DataStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Helpers of the end-to-end tests: running a stream to a list and grouping tagged results. */
final class E2e {

    private E2e() {}

    /** Runs the stream's job with {@code executeAndCollect()} and reads every record until the job ends. */
    static <T> List<T> collectAll(DataStream<T> stream) throws Exception {
        List<T> result = new ArrayList<>();
        try (CloseableIterator<T> it = stream.executeAndCollect()) {
            while (it.hasNext()) {
                result.add(it.next());
            }
        }
        return result;
    }

    /** Fails if a cluster or task thread outlived the jobs of a test class (each embedded job stops its cluster). */
    static void assertNoLeakedThreads() {
        assertThat(LocalClusterExtension.leakedThreads()).as("threads left behind by the embedded clusters").isEmpty();
    }

    /** A sorted copy. */
    static <T extends Comparable<? super T>> List<T> sorted(Collection<T> values) {
        List<T> copy = new ArrayList<>(values);
        copy.sort(null);
        return copy;
    }

    /** Groups (subtask, value) pairs by subtask, keeping the arrival order within each. */
    static <T> Map<Integer, List<T>> bySubtask(List<Tuple2<Integer, T>> tagged) {
        Map<Integer, List<T>> groups = new TreeMap<>();
        for (Tuple2<Integer, T> t : tagged) {
            groups.computeIfAbsent(t.f0, k -> new ArrayList<>()).add(t.f1);
        }
        return groups;
    }

    /** The numbers {@code from..to}, both inclusive. */
    static List<Long> range(long from, long to) {
        List<Long> values = new ArrayList<>();
        for (long v = from; v <= to; v++) {
            values.add(v);
        }
        return values;
    }
}
