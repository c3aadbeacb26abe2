package io.eddy.examples.batch;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.examples.wordcount.Tokenizer;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link WordCount} in one thread without a framework: the same {@link Tokenizer}, a sorted map of
 * counts. The expected result for tests of the job, and a way to check a run's output by hand.
 */
public final class WordCountReference {

    private WordCountReference() {}

    /** The count of every word in {@code lines}, by word. */
    public static Map<String, Integer> count(Iterable<String> lines) {
        Map<String, Integer> counts = new TreeMap<>();
        Tokenizer tokenizer = new Tokenizer();
        Collector<Tuple2<String, Integer>> out = new Collector<>() {
            @Override
            public void collect(Tuple2<String, Integer> record) {
                counts.merge(record.f0, record.f1, Integer::sum);
            }

            @Override
            public void close() {}
        };
        for (String line : lines) {
            tokenizer.flatMap(line, out);
        }
        return counts;
    }
}
