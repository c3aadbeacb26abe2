package io.eddy.benchmarks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.benchmarks.data.WordCountCeiling;
import io.eddy.benchmarks.data.ZipfText;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the Flink 2.3 BATCH-mode word count on a small text and checks it against the one-thread ceiling. */
@Timeout(180)
class FlinkBatchWordCountITCase {

    @TempDir
    Path dir;

    @Test
    void countsAsTheCeilingDoes() throws Exception {
        Path text = dir.resolve("text.txt");
        try (OutputStream out = Files.newOutputStream(text)) {
            new ZipfText(5000).write(out, 1_000_000, 3);
        }
        WordCountCeiling.Outcome expected = WordCountCeiling.run(text);
        FlinkBatchWordCount.Outcome o = FlinkBatchWordCount.run(text.toString(), 2);
        assertThat(o.words()).isEqualTo(expected.words());
        assertThat(o.distinct()).isEqualTo(expected.distinct());
        assertThat(o.checksum()).isEqualTo(expected.checksum());
    }
}
