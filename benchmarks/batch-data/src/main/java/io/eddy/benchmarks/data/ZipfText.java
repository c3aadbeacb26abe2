package io.eddy.benchmarks.data;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Deterministic text whose words follow a Zipf-like distribution: word {@code i} (from 0) of a
 * vocabulary of {@code vocabulary} words is drawn with probability proportional to {@code 1 / (i +
 * 1)}, as in natural language, so a few words are very frequent and most are rare. Words are lower
 * case, 2 to 12 letters, separated by single spaces; lines hold 8 to 16 words. The same seed and size
 * give the same bytes on every machine.
 */
public final class ZipfText {

    /** The vocabulary size used by the benchmarks. */
    public static final int DEFAULT_VOCABULARY = 100_000;

    /** The seed used by the benchmarks. */
    public static final long DEFAULT_SEED = 42L;

    private final byte[][] words;
    /** The alias method's tables (Vose): O(1) per drawn word. */
    private final double[] probability;
    private final int[] alias;

    /** A generator over {@code vocabulary} words (at least 1). */
    public ZipfText(int vocabulary) {
        if (vocabulary < 1) {
            throw new IllegalArgumentException("vocabulary: " + vocabulary + " (expected: at least 1 word)");
        }
        words = new byte[vocabulary][];
        for (int i = 0; i < vocabulary; i++) {
            words[i] = word(i).getBytes(StandardCharsets.US_ASCII);
        }
        probability = new double[vocabulary];
        alias = new int[vocabulary];
        buildAlias(vocabulary);
    }

    /** The word of rank {@code rank}: a deterministic pseudo-word, distinct for each rank. */
    public static String word(int rank) {
        StringBuilder s = new StringBuilder();
        long x = rank * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        int length = 2 + (int) Long.remainderUnsigned(x >>> 7, 8) + (rank > 1000 ? 2 : 0);
        int r = rank;
        // The rank in base 25 ('a'..'y') ended by 'z' makes words distinct; the mixed suffix varies lengths.
        do {
            s.append((char) ('a' + r % 25));
            r /= 25;
        } while (r > 0);
        s.append('z');
        while (s.length() < length) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            s.append((char) ('a' + (int) Long.remainderUnsigned(x >>> 33, 26)));
        }
        return s.toString();
    }

    private void buildAlias(int n) {
        double[] scaled = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / (i + 1);
        }
        int[] small = new int[n];
        int[] large = new int[n];
        int ns = 0;
        int nl = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = n / ((i + 1) * sum);
            if (scaled[i] < 1.0) {
                small[ns++] = i;
            } else {
                large[nl++] = i;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            probability[s] = scaled[s];
            alias[s] = l;
            scaled[l] = scaled[l] + scaled[s] - 1.0;
            if (scaled[l] < 1.0) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        while (nl > 0) {
            probability[large[--nl]] = 1.0;
        }
        while (ns > 0) {
            probability[small[--ns]] = 1.0;
        }
    }

    /** Draws the rank of the next word. */
    int nextRank(SplittableRandom random) {
        int i = random.nextInt(probability.length);
        return random.nextDouble() < probability[i] ? i : alias[i];
    }

    /**
     * Writes at least {@code bytes} bytes of text (whole lines; at most one line more) to {@code out}.
     *
     * @return the number of words written
     */
    public long write(OutputStream out, long bytes, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedOutputStream buffered = new BufferedOutputStream(out, 1 << 16);
        long written = 0;
        long count = 0;
        while (written < bytes) {
            int wordsInLine = 8 + random.nextInt(9);
            for (int w = 0; w < wordsInLine; w++) {
                byte[] word = words[nextRank(random)];
                if (w > 0) {
                    buffered.write(' ');
                    written++;
                }
                buffered.write(word);
                written += word.length;
            }
            buffered.write('\n');
            written++;
            count += wordsInLine;
        }
        buffered.flush();
        return count;
    }
}
