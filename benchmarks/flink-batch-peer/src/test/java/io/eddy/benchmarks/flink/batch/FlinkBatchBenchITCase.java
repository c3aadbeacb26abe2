package io.eddy.benchmarks.flink.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.benchmarks.data.Q3Rows;
import io.eddy.benchmarks.data.TeraRecords;
import io.eddy.benchmarks.data.WordCountCeiling;
import io.eddy.benchmarks.data.ZipfText;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the Flink 1.20 DataSet peer's jobs on small inputs in a local environment and checks their answers. */
@Timeout(180)
class FlinkBatchBenchITCase {

    @TempDir
    Path dir;

    @Test
    void wordCountAgreesWithTheCeiling() throws Exception {
        Path text = dir.resolve("text.txt");
        try (OutputStream out = Files.newOutputStream(text)) {
            new ZipfText(5000).write(out, 1_000_000, 3);
        }
        WordCountCeiling.Outcome expected = WordCountCeiling.run(text);
        FlinkWordCount.Outcome o = FlinkWordCount.run(LocalEnvironments.create(2, 64), text.toString());
        assertThat(o.words()).isEqualTo(expected.words());
        assertThat(o.distinct()).isEqualTo(expected.distinct());
        assertThat(o.checksum()).isEqualTo(expected.checksum());
        assertThat(o.netRuntimeMillis()).isPositive();
    }

    @Test
    void teraSortSortsEveryRecordWithLittleManagedMemory() throws Exception {
        Path records = dir.resolve("records.dat");
        try (OutputStream out = Files.newOutputStream(records)) {
            TeraRecords.write(out, 50_000, 5);
        }
        long expected = 0;
        for (String line : Files.readAllLines(records)) {
            expected += TeraRecords.checksumShare(TeraRecords.key(line), TeraRecords.value(line));
        }
        FlinkTeraSort.Outcome o = FlinkTeraSort.run(LocalEnvironments.create(2, 16), records.toString());
        assertThat(o.records()).isEqualTo(50_000);
        assertThat(o.unsorted()).isZero();
        assertThat(o.checksum()).isEqualTo(expected);
    }

    @Test
    void q3AnswersAHandWrittenCase() throws Exception {
        Files.write(dir.resolve("customer.tbl"), List.of(
                "1|C1|a|0|p|0.00|BUILDING|x",
                "2|C2|a|0|p|0.00|MACHINERY|x",
                "4|C4|a|0|p|0.00|BUILDING|x"));
        Files.write(dir.resolve("orders.tbl"), List.of(
                "10|1|O|0.00|1995-03-10|1-URGENT|c|0|x",
                "11|2|O|0.00|1995-03-01|1-URGENT|c|0|x",
                "12|4|O|0.00|1995-03-20|1-URGENT|c|0|x",
                "13|4|O|0.00|1995-01-01|1-URGENT|c|1|x"));
        Files.write(dir.resolve("lineitem.tbl"), List.of(
                line(10, "100.00", "0.10", "1995-03-16"),
                line(10, "50.00", "0.00", "1995-03-14"),
                line(10, "20.00", "0.05", "1995-04-01"),
                line(11, "1000.00", "0.00", "1995-04-01"),
                line(12, "1000.00", "0.00", "1995-04-01"),
                line(13, "30.00", "0.00", "1995-03-16")));
        FlinkQ3.Outcome o = FlinkQ3.run(LocalEnvironments.create(2, 64), dir.toString());
        assertThat(o.lineitems()).isEqualTo(6);
        assertThat(o.rows()).containsExactly("10|109.0000|1995-03-10|0", "13|30.0000|1995-01-01|1");
        assertThat(Q3Rows.checksum(o.rows())).isPositive();
    }

    private static String line(long order, String price, String discount, String shipDate) {
        return order + "|1|1|1|1|" + price + "|" + discount + "|0.00|N|O|" + shipDate + "|1995-05-01|1995-05-02|NONE|AIR|x";
    }
}
