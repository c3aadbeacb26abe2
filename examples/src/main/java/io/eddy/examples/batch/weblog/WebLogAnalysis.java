package io.eddy.examples.batch.weblog;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple1;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.batch.PrintOutputFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Web-log analysis, the relational query of the classic example: the pages that contain all
 * keywords, rank above a threshold, and were not visited in a given year.
 *
 * <pre>
 * SELECT r.rank, r.url, r.avgDuration
 * FROM documents d JOIN ranks r ON d.url = r.url
 * WHERE contains(d.text, 'editors') AND contains(d.text, 'oscillations') AND r.rank &gt; 40
 *   AND NOT EXISTS (SELECT * FROM visits v WHERE v.url = d.url AND year(v.date) = 2007)
 *
 * documents --filter(keywords)--(url)--join--(url)--filter(rank)-- ranks
 *                                        | (rank, url, avgDuration)
 *                                     coGroup on url: keep when no visit --(url)-- visits --filter(2007)--project(url)
 *                                        | CSV / print
 * </pre>
 *
 * The join is a regular equi-join; the {@code NOT EXISTS} is an anti-join written as a co-group that
 * emits the ranks of a URL whose visit group is empty. Reads the three files of {@link WebLogData}
 * from {@code --data} (generated there first if missing), or generated data in memory.
 * {@link WebLogReference} computes the same in one thread.
 */
@Command(name = "weblog-analysis", mixinStandardHelpOptions = true, description = "Join and anti-join (co-group) over a generated web log.")
public final class WebLogAnalysis implements Callable<Integer> {

    /** Words a document must contain, all of them. */
    static final String[] KEYWORDS = {"editors", "oscillations"};
    /** Pages of rank above this qualify. */
    static final int RANK_THRESHOLD = 40;
    /** Pages visited in this year do not qualify. */
    static final String YEAR = "2007";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", description = "Directory with documents, ranks and visits (generated there if missing; default: in memory).")
    Path data;

    @Option(names = "--documents", defaultValue = "1000", description = "Documents to generate (default: ${DEFAULT-VALUE}).")
    int documents;

    @Option(names = "--visits-per-document", defaultValue = "10", description = "Average visits per document to generate (default: ${DEFAULT-VALUE}).")
    int visitsPerDocument;

    @Option(names = "--output", paramLabel = "PATH", description = "Write the answer as CSV here instead of printing it.")
    Path output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new WebLogAnalysis(), args);
    }

    @Override
    public Integer call() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataSet<Tuple3<Integer, String, Integer>> answer;
        if (data != null) {
            if (!Files.exists(data.resolve("visits"))) {
                WebLogData.generate(documents, visitsPerDocument, 2007L).write(data);
            }
            answer = build(env.readCsvFile(data.resolve("documents").toString()).fieldDelimiter('|').types(String.class, String.class),
                    env.readCsvFile(data.resolve("ranks").toString()).fieldDelimiter('|').types(Integer.class, String.class, Integer.class),
                    env.readCsvFile(data.resolve("visits").toString()).fieldDelimiter('|').includeFields("011").types(String.class, String.class));
        } else {
            answer = buildInMemory(env, WebLogData.generate(documents, visitsPerDocument, 2007L));
        }
        if (output != null) {
            answer.writeAsCsv(output.toString(), "\n", "|", WriteMode.OVERWRITE).name("CSV sink");
        } else {
            answer.output(new PrintOutputFormat<>()).name("print");
        }
        BatchExecution.execute(env, "Web log analysis");
        return 0;
    }

    /** The analysis over {@code data} held in memory (non-parallel collection sources). */
    public static DataSet<Tuple3<Integer, String, Integer>> buildInMemory(ExecutionEnvironment env, WebLogData data) {
        List<Tuple2<String, String>> documents = new ArrayList<>();
        data.documents().forEach(d -> documents.add(Tuple2.of(d[0], d[1])));
        List<Tuple3<Integer, String, Integer>> ranks = new ArrayList<>();
        data.ranks().forEach(r -> ranks.add(Tuple3.of(Integer.parseInt(r[0]), r[1], Integer.parseInt(r[2]))));
        List<Tuple2<String, String>> visits = new ArrayList<>();
        data.visits().forEach(v -> visits.add(Tuple2.of(v[0], v[1])));
        return build(env.fromCollection(documents), env.fromCollection(ranks), env.fromCollection(visits));
    }

    /**
     * The analysis over {@code documents (url, text)}, {@code ranks (rank, url, avgDuration)} and
     * {@code visits (url, date)}: the qualifying {@code (rank, url, avgDuration)}.
     */
    public static DataSet<Tuple3<Integer, String, Integer>> build(DataSet<Tuple2<String, String>> documents,
            DataSet<Tuple3<Integer, String, Integer>> ranks, DataSet<Tuple2<String, String>> visits) {
        DataSet<Tuple2<String, String>> relevant = documents.filter(d -> hasAllKeywords(d.f1)).name("has keywords");
        DataSet<Tuple3<Integer, String, Integer>> highRanks = ranks.filter(r -> r.f0 > RANK_THRESHOLD).name("rank > " + RANK_THRESHOLD);
        DataSet<Tuple1<String>> visitedInYear = visits.filter(v -> inYear(v.f1)).name("visited in " + YEAR)
                .<Tuple1<String>>project(0).name("url");
        DataSet<Tuple3<Integer, String, Integer>> relevantRanks = relevant.join(highRanks).where(0).equalTo(1)
                .<Tuple3<Integer, String, Integer>>projectSecond(0, 1, 2).name("documents join ranks");
        return relevantRanks.coGroup(visitedInYear).where(1).equalTo(0)
                .with(new NotVisited()).name("anti-join visits");
    }

    /** Whether {@code text} contains every keyword as a word. */
    static boolean hasAllKeywords(String text) {
        String padded = " " + text + " ";
        for (String keyword : KEYWORDS) {
            if (!padded.contains(" " + keyword + " ")) {
                return false;
            }
        }
        return true;
    }

    /** Whether a {@code yyyy-mm-dd} date lies in {@link #YEAR}. */
    static boolean inYear(String date) {
        return date.startsWith(YEAR + "-");
    }

    /** The anti-join: emits a URL's ranks only when the URL has no visit in the year. */
    static final class NotVisited implements CoGroupFunction<Tuple3<Integer, String, Integer>, Tuple1<String>, Tuple3<Integer, String, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void coGroup(Iterable<Tuple3<Integer, String, Integer>> ranks, Iterable<Tuple1<String>> visits,
                Collector<Tuple3<Integer, String, Integer>> out) {
            if (!visits.iterator().hasNext()) {
                for (Tuple3<Integer, String, Integer> rank : ranks) {
                    out.collect(rank);
                }
            }
        }
    }
}
