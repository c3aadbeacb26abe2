package io.eddy.examples.wordcount;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.java.tuple.Tuple2;
import java.util.Locale;

/** Splits a line into lower-case words (runs of letters and digits) and emits {@code (word, 1)} for each. */
public final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {

    private static final long serialVersionUID = 1L;

    @Override
    public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
        for (String word : line.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                out.collect(Tuple2.of(word, 1));
            }
        }
    }
}
