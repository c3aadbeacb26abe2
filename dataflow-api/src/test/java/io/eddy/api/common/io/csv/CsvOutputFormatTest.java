package io.eddy.api.common.io.csv;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.io.Formats;
import io.eddy.api.java.tuple.Tuple3;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvOutputFormatTest {

    @TempDir
    Path dir;

    public record Sale(long id, String item, LocalDate day, double amount) {
    }

    @Test
    void tuplesRoundTripWithQuotedStringsOverTwoSubtasks() throws IOException {
        String out = dir.resolve("out").toString();
        List<Tuple3<Integer, String, Double>> rows = List.of(
                Tuple3.of(1, "plain", 1.5), Tuple3.of(2, "with, comma", -2.0), Tuple3.of(3, "say \"hi\"", 0.0),
                Tuple3.of(4, "", 4.25));
        CsvOutputFormat<Tuple3<Integer, String, Double>> sink = new CsvOutputFormat<Tuple3<Integer, String, Double>>(out)
                .quoteStrings('"');
        sink.initializeGlobal(2);
        for (int subtask = 0; subtask < 2; subtask++) {
            sink.open(subtask, 2);
            for (Tuple3<Integer, String, Double> row : rows.subList(subtask * 2, subtask * 2 + 2)) {
                sink.writeRecord(row);
            }
            sink.close();
        }
        sink.finalizeGlobal(2);
        assertThat(Files.readString(Path.of(out, "2"))).isEqualTo("3,\"say \"\"hi\"\"\",0.0\n4,,4.25\n");

        CsvInputFormat<Tuple3<Integer, String, Double>> source =
                CsvInputFormat.forTuples(out, Integer.class, String.class, Double.class);
        assertThat(Formats.readAll(source, 3)).containsExactlyElementsOf(rows);
    }

    @Test
    void recordsRoundTripWithOtherDelimiters() throws IOException {
        String out = dir.resolve("sales.csv").toString();
        List<Sale> sales = List.of(new Sale(1, "tea", LocalDate.of(2025, 1, 2), 3.5), new Sale(2, "a|b", LocalDate.of(2025, 1, 3), 9));
        CsvOutputFormat<Sale> sink = new CsvOutputFormat<Sale>(out).fieldDelimiter("|").recordDelimiter("\r\n").quoteStrings('\'');
        sink.initializeGlobal(1);
        sink.open(0, 1);
        for (Sale s : sales) {
            sink.writeRecord(s);
        }
        sink.close();
        sink.finalizeGlobal(1);
        assertThat(Files.readString(Path.of(out))).isEqualTo("1|tea|2025-01-02|3.5\r\n2|'a|b'|2025-01-03|9.0\r\n");
        CsvInputFormat<Sale> source = CsvInputFormat.forRecords(out, Sale.class).fieldDelimiter("|").quoteCharacter('\'');
        assertThat(Formats.readAll(source, 1)).containsExactlyElementsOf(sales);
    }
}
