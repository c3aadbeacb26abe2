package io.eddy.streaming.it;

import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.tuple.Tuple2;
import java.util.Objects;

/**
 * Data types and small functions the end-to-end tests share. Public and top-level so that the type
 * extractor accepts the POJO and the record (it resolves their fields once, through public access).
 */
public final class TestTypes {

    private TestTypes() {}

    /** A POJO: public no-argument constructor, public non-final fields. */
    public static class WordCount {
        public String word;
        public long count;

        public WordCount() {}

        public WordCount(String word, long count) {
            this.word = word;
            this.count = count;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof WordCount w && w.word.equals(word) && w.count == count;
        }

        @Override
        public int hashCode() {
            return Objects.hash(word, count);
        }

        @Override
        public String toString() {
            return word + "=" + count;
        }
    }

    /** A Java record keyed by its component name. */
    public record Reading(String sensor, int value) {}

    /** Tags each value with the index of the subtask that saw it (f0), keeping the value (f1). */
    public static final class SubtaskTagger<T> extends RichMapFunction<T, Tuple2<Integer, T>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Integer, T> map(T value) {
            return Tuple2.of(getRuntimeContext().getIndexOfThisSubtask(), value);
        }
    }
}
