package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.benchmarks.data.iteration.RmatGenerator;
import io.eddy.examples.ExampleMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The iteration examples' command lines, up to the point where a job would run. */
class IterationCommandsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Callable<Integer> command, String... args) throws Exception {
        CommandLine commandLine = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        return ExampleMain.execute(commandLine, args);
    }

    @Test
    void everyCommandDescribesItsOptions() throws Exception {
        assertThat(run(new PageRank(), "--help")).isZero();
        assertThat(run(new ConnectedComponents(), "--help")).isZero();
        assertThat(run(new KMeans(), "--help")).isZero();
        assertThat(run(new TransitiveClosure(), "--help")).isZero();
        assertThat(run(new StreamingCollatz(), "--help")).isZero();
        assertThat(out.toString()).contains("Usage: page-rank", "--edges", "--vertices", "--epsilon", "--iterations")
                .contains("Usage: connected-components", "Usage: kmeans", "--centroids", "--dimensions", "Usage: transitive-closure")
                .contains("Usage: streaming-collatz", "--max-wait");
    }

    @Test
    void pageRankOfAnEdgeFileNeedsTheVertexCount() throws Exception {
        Path edges = dir.resolve("edges.csv");
        RmatGenerator.generate(3, 2, 1).writeCsv(edges);
        assertThat(run(new PageRank(), "--edges", edges.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--edges needs --vertices N");
    }

    @Test
    void aMissingEdgeFileIsAUsageError() throws Exception {
        assertThat(run(new ConnectedComponents(), "--edges", dir.resolve("nope.csv").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--edges");
    }

    @Test
    void kMeansNeedsBothFilesOrNeither() throws Exception {
        assertThat(run(new KMeans(), "--points", dir.resolve("p.csv").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--points and --centroids go together");
    }
}
