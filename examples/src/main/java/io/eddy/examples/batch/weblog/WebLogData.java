package io.eddy.examples.batch.weblog;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Deterministic input of {@link WebLogAnalysis}: web documents, their page ranks and a log of
 * visits, in the shape of the classic web-log analysis example. Plain Java without Eddy imports.
 *
 * <pre>
 * documents: url|text                  (text: words, some of them the keywords)
 * ranks:     rank|url|avgDuration      (one per document)
 * visits:    ip|url|date|adRevenue|userAgent|countryCode|languageCode|searchWord|duration
 * </pre>
 *
 * @param documents {@code (url, text)}
 * @param ranks {@code (rank, url, avgDuration)}
 * @param visits {@code (url, date)}: the two visit columns the analysis reads (the files hold all nine)
 */
public record WebLogData(List<String[]> documents, List<String[]> ranks, List<String[]> visits) {

    private static final String[] WORDS = {
        "editors", "oscillations", "convection", "data", "flow", "river", "theory", "music", "radio", "signal",
        "market", "history", "poetry", "engine", "garden", "planet", "ocean", "language", "vector", "protocol",
    };

    /** {@code documents} documents (and ranks), {@code visitsPerDocument} visits each on average. */
    public static WebLogData generate(int documents, int visitsPerDocument, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String[]> docs = new ArrayList<>(documents);
        List<String[]> ranks = new ArrayList<>(documents);
        for (int i = 0; i < documents; i++) {
            String url = "url_" + i;
            StringBuilder text = new StringBuilder();
            for (int w = 3 + random.nextInt(12); w > 0; w--) {
                text.append(text.length() > 0 ? " " : "").append(WORDS[random.nextInt(WORDS.length)]);
            }
            docs.add(new String[] {url, text.toString()});
            ranks.add(new String[] {Integer.toString(random.nextInt(101)), url, Integer.toString(1 + random.nextInt(300))});
        }
        List<String[]> visits = new ArrayList<>();
        for (long v = (long) documents * visitsPerDocument; v > 0; v--) {
            String url = "url_" + random.nextInt(documents);
            String date = String.format(Locale.ROOT, "%d-%02d-%02d", 2003 + random.nextInt(8), 1 + random.nextInt(12), 1 + random.nextInt(28));
            visits.add(new String[] {url, date});
        }
        return new WebLogData(docs, ranks, visits);
    }

    /** Writes {@code documents}, {@code ranks} and {@code visits} (all nine columns, filled in deterministically) into {@code dir}. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        writeLines(dir.resolve("documents"), documents, r -> r[0] + "|" + r[1]);
        writeLines(dir.resolve("ranks"), ranks, r -> r[0] + "|" + r[1] + "|" + r[2]);
        int[] n = {0};
        writeLines(dir.resolve("visits"), visits, r -> {
            int i = n[0]++;
            return String.format(Locale.ROOT, "10.%d.%d.%d|%s|%s|%d.%02d|Mozilla/5.0|%s|%s|%s|%d", (i >> 16) & 255, (i >> 8) & 255, i & 255,
                    r[0], r[1], i % 1000, i % 100, i % 2 == 0 ? "DE" : "US", i % 3 == 0 ? "de" : "en", WORDS[i % WORDS.length], 1 + i % 600);
        });
    }

    private static void writeLines(Path file, List<String[]> rows, java.util.function.Function<String[], String> format) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (String[] row : rows) {
                out.write(format.apply(row));
                out.write('\n');
            }
        }
    }
}
