package io.eddy.benchmarks.data.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.benchmarks.data.GenerateBatchData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class IterationResultsTest {

    @TempDir
    Path dir;

    /** The exit code and the stderr of {@code batch-data compare ...}. */
    private record Run(int code, String err) {}

    private static Run compare(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            String[] all = new String[args.length + 1];
            all[0] = "compare";
            System.arraycopy(args, 0, all, 1, args.length);
            return new Run(new CommandLine(new GenerateBatchData()).execute(all), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }

    private Path write(String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines));
        return file;
    }

    @Test
    void readsAFileOrTheFilesOfADirectoryByKey() throws IOException {
        write("ranks/1", "3,0.25", "1,1.0E-7");
        write("ranks/2", "2,0.5");
        write("ranks/_SUCCESS");
        var read = IterationResults.read(dir.resolve("ranks"));
        assertThat(read.keySet()).containsExactly(1L, 2L, 3L);
        assertThat(read.get(1L)).containsExactly(1.0e-7);
        assertThat(IterationResults.read(write("c.csv", "0,1.5,2.5")).get(0L)).containsExactly(1.5, 2.5);
    }

    @Test
    void aDuplicateKeyOrABadLineIsAnError() throws IOException {
        write("dup/1", "3,0.25");
        write("dup/2", "3,0.5");
        assertThatThrownBy(() -> IterationResults.read(dir.resolve("dup"))).hasMessageContaining("key 3 occurs a second time");
        assertThatThrownBy(() -> IterationResults.read(write("bad.csv", "1,0.5", "x,1"))).hasMessageContaining("line 2").hasMessageContaining("'x,1'");
    }

    @Test
    void valuesWithinTheToleranceAreEqualAndEveryOtherDifferenceCounts() {
        Map<Long, double[]> expected = Map.of(1L, new double[] {1.0}, 2L, new double[] {2.0, 3.0}, 3L, new double[] {4.0});
        IterationResults.Comparison same = IterationResults.compare(expected,
                Map.of(1L, new double[] {1.0 + 5e-10}, 2L, new double[] {2.0, 3.0}, 3L, new double[] {4.0}), 1e-9);
        assertThat(same.equal()).isTrue();
        assertThat(same.maxDifference()).isBetween(4e-10, 6e-10);

        IterationResults.Comparison off = IterationResults.compare(expected,
                Map.of(1L, new double[] {Double.NaN}, 2L, new double[] {2.0, 3.1}, 4L, new double[] {4.0}), 1e-9);
        assertThat(off.equal()).isFalse();
        assertThat(off.differences()).isEqualTo(4);
        assertThat(off.described()).containsExactlyInAnyOrder("key 1, value 1: NaN instead of 1.0", "key 2, value 2: 3.1 instead of 3.0",
                "key 3 is missing", "key 4 is extra");
        assertThat(IterationResults.compare(expected, Map.of(1L, new double[] {1.0, 0.0}, 2L, new double[] {2.0, 3.0}, 3L, new double[] {4.0}), 1)
                .described()).containsExactly("key 1 has 2 values instead of 1");
    }

    @Test
    void theCommandPrintsOkForEqualResults() throws IOException {
        Path a = write("a/1", "0,0.5", "1,0.25");
        Path b = write("b.csv", "1,0.25000000001", "0,0.5");
        Run run = compare("--name", "pagerank", "--tolerance", "1e-9", "eddy-1=" + a.getParent(), "flink-1=" + b);
        assertThat(run.code()).isZero();
        assertThat(run.err()).startsWith("CHECK name=pagerank keys=2 runs=eddy-1,flink-1 max_diff=1.00e-11 tolerance=1.00e-09 OK");
    }

    @Test
    void theCommandReportsAMismatchLoudlyAndFails() throws IOException {
        Path a = write("a.csv", "0,0.5", "1,0.25");
        Path b = write("b.csv", "0,0.5", "1,0.26");
        Path c = write("c.csv", "0,0.5");
        Run run = compare("--name", "kmeans", "--tolerance", "1e-9", "eddy-1=" + a, "flink-1=" + b, "eddy-2=" + a, "flink-2=" + c);
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).startsWith("CHECK name=kmeans keys=2 runs=eddy-1,flink-1,eddy-2,flink-2 ")
                .contains("MISMATCH: the systems computed different results")
                .contains("flink-1 against eddy-1: 1 of 2 keys differ (key 1, value 1: 0.26 instead of 0.25)")
                .contains("flink-2 against eddy-1: 1 of 2 keys differ (key 1 is missing)")
                .doesNotContain("eddy-2 against");
    }

    @Test
    void anEmptyResultIsAMismatchEvenIfAllAgree() throws IOException {
        Path a = write("empty.csv");
        Run run = compare("--name", "pagerank", "--tolerance", "1e-9", "eddy-1=" + a, "flink-1=" + a);
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("MISMATCH: eddy-1 holds no result");
    }

    @Test
    void theComponentChecksumDependsOnEveryPairButNotOnTheirOrder() {
        long a = IterationResults.componentChecksumShare(1, 0) + IterationResults.componentChecksumShare(2, 0);
        long b = IterationResults.componentChecksumShare(2, 0) + IterationResults.componentChecksumShare(1, 0);
        assertThat(a).isEqualTo(b);
        assertThat(IterationResults.componentChecksumShare(1, 0) + IterationResults.componentChecksumShare(2, 1)).isNotEqualTo(a);
        assertThat(IterationResults.componentChecksumShare(0, 1)).isNotEqualTo(IterationResults.componentChecksumShare(1, 0));
    }
}
