package io.eddy.benchmarks.data;

import java.util.function.Consumer;

/**
 * How every system in the word count benchmark splits a line: words are the runs of characters
 * other than a space. The generated text ({@link ZipfText}) is lower-case words separated by single
 * spaces, so no system pays for regular expressions or case folding the others skip.
 */
public final class Words {

    private Words() {}

    /** Hands each word of {@code line} to {@code out}, in order. */
    public static void split(String line, Consumer<String> out) {
        int n = line.length();
        int start = -1;
        for (int i = 0; i < n; i++) {
            if (line.charAt(i) == ' ') {
                if (start >= 0) {
                    out.accept(line.substring(start, i));
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            }
        }
        if (start >= 0) {
            out.accept(line.substring(start));
        }
    }

    /**
     * One {@code (word, count)} pair's share of a word count's checksum. The checksum of a result is
     * the sum of the shares of its pairs: it does not depend on the order the pairs arrive in, so
     * systems that emit their counts in different orders and partitions can be compared.
     */
    public static long checksumShare(String word, long count) {
        return (word.hashCode() & 0xffffffffL) * 1_000_003L + count;
    }
}
