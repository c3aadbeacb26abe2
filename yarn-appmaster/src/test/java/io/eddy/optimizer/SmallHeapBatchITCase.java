package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3: "a group-reduce and a join over inputs ten times larger than managed memory finish with
 * correct results, and no OutOfMemoryError at a small heap". {@link SmallHeapBatchJob} runs in a JVM
 * of its own with a 160 MB heap and 16 MB of managed memory over about 200 MB of records (3 million
 * of ~70 bytes): the drivers must spill, and nothing may hold the data on the heap.
 */
@Timeout(180)
class SmallHeapBatchITCase {

    @Test
    void aGroupReduceAndAJoinOverDataLargerThanHeapAndManagedMemoryFinish(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-Xmx160m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
                "-Deddy.worker.memory.managed.size=16mb", "-Deddy.io.tmp.dirs=" + dir.toAbsolutePath(), "-Deddy.log.level=WARN",
                "-cp", System.getProperty("java.class.path"), SmallHeapBatchJob.class.getName(), "3000000"))
                .redirectErrorStream(true).redirectOutput(out.toFile());
        Process process = pb.start();
        boolean ended = process.waitFor(170, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(ended).as("the job ended in time; its output:%n%s", output).isTrue();
        assertThat(process.exitValue()).as("exit code; output:%n%s", output).isZero();
        assertThat(output).contains("OK groups=50000 records=3000000 joined=1500000");
        assertThat(dir.toFile().listFiles(File::isFile)).as("only the output file is left").hasSize(1);
    }
}
