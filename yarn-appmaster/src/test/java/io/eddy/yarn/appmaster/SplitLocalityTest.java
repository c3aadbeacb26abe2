package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.io.FileInputSplit;
import io.eddy.api.common.io.GenericInputSplit;
import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.TextInputFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the AM weighs hosts by the split bytes they store, and shares worker containers out over them. */
class SplitLocalityTest {

    private static final String FILE = "hdfs://nn:8020/data/in.txt";

    @TempDir
    Path dir;

    private static FileInputSplit split(int number, long length, String... hosts) {
        return new FileInputSplit(number, FILE, number * 1000L, length, hosts);
    }

    @Test
    void everyHostOfASplitStoresItsBytes() {
        List<InputSplit> splits = List.of(
                split(0, 100, "dn1", "dn2", "dn3"),
                split(1, 100, "dn2", "dn3", "dn4"),
                split(2, 40, "dn1"));

        assertThat(SplitLocality.bytesPerHost(splits)).containsExactly(Map.entry("dn1", 140L), Map.entry("dn2", 200L), Map.entry("dn3", 200L),
                Map.entry("dn4", 100L));
    }

    @Test
    void splitsWithoutHostsOrBytesAndSplitsThatAreNotLocatableWeighNothing() {
        List<InputSplit> splits = List.of(
                split(0, 100),
                split(1, 0, "dn1"),
                new GenericInputSplit(0, 2),
                split(2, 10, "dn2", "dn2", " "));

        assertThat(SplitLocality.bytesPerHost(splits)).as("dn2 named twice in one split stores it once; a blank host is none")
                .containsExactly(Map.entry("dn2", 10L));
        assertThat(SplitLocality.containersPerHost(SplitLocality.bytesPerHost(List.of(split(0, 100), new GenericInputSplit(0, 1))), 3))
                .as("no host stores anything: no hints").isEmpty();
    }

    @Test
    void theSplitsOfARealFileFormatWeighTheirFilesLengths() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "a".repeat(3000), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("b.txt"), "b".repeat(1000), StandardCharsets.UTF_8);
        FileInputSplit[] splits = new TextInputFormat(dir.toUri().toString()).createInputSplits(4);
        assertThat(splits).as("the local file system names localhost as every block's host")
                .allSatisfy(s -> assertThat(s.getHostnames()).containsExactly("localhost"));

        assertThat(SplitLocality.bytesPerHost(List.of(splits))).containsExactly(Map.entry("localhost", 4000L));
        assertThat(SplitLocality.containersPerHost(SplitLocality.bytesPerHost(List.of(splits)), 3)).containsExactly(Map.entry("localhost", 3));
    }

    @Test
    void containersGoToHostsInProportionToTheirBytes() {
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 300, "dn2", 100), 4)).containsExactly(Map.entry("dn1", 3), Map.entry("dn2", 1));
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 100, "dn2", 100, "dn3", 200), 8))
                .containsExactly(Map.entry("dn3", 4), Map.entry("dn1", 2), Map.entry("dn2", 2));
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 7), 5)).containsExactly(Map.entry("dn1", 5));
    }

    @Test
    void containersLeftAfterTheWholeSharesGoToTheLargestRemainders() {
        // Shares of 4 containers: dn1 2.0, dn2 1.2, dn3 0.8: whole parts give 3, the fourth goes to dn3 (0.8 > 0.2).
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 500, "dn2", 300, "dn3", 200), 4))
                .containsExactly(Map.entry("dn1", 2), Map.entry("dn2", 1), Map.entry("dn3", 1));
        // Shares of 2 over five hosts: dn5 1.0, the others 0.25 each: the second goes to the first name of equal remainders and bytes.
        assertThat(SplitLocality.containersPerHost(bytes("dn4", 100, "dn3", 100, "dn2", 100, "dn1", 100, "dn5", 400), 2))
                .containsExactly(Map.entry("dn5", 1), Map.entry("dn1", 1));
        // Shares of 2: dn1 0.5, dn2 1.5: equal remainders, so the second goes to the host with more bytes.
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 100, "dn2", 300), 2)).containsExactly(Map.entry("dn2", 2));
        assertThat(SplitLocality.containersPerHost(bytes("dn1", 100, "dn2", 101, "dn3", 99), 1)).containsExactly(Map.entry("dn2", 1));
    }

    @Test
    void theCountsAlwaysAddUpToTheContainersEvenForHugeInputs() {
        Random random = new Random(5);
        for (int round = 0; round < 500; round++) {
            Map<String, Long> bytes = new LinkedHashMap<>();
            int hosts = 1 + random.nextInt(20);
            for (int h = 0; h < hosts; h++) {
                // Up to ~2^62 bytes per host: containers * bytes overflows a long.
                bytes.put("dn" + h, random.nextInt(4) == 0 ? Long.MAX_VALUE / 2 - random.nextInt(1000) : 1 + (long) random.nextInt(1 << 20));
            }
            int containers = 1 + random.nextInt(50);

            Map<String, Integer> perHost = SplitLocality.containersPerHost(bytes, containers);

            assertThat(perHost.values().stream().mapToInt(Integer::intValue).sum()).as("round %d: %s over %d containers", round, bytes, containers)
                    .isEqualTo(containers);
            assertThat(perHost.values()).allMatch(n -> n > 0);
            List<Integer> counts = new ArrayList<>(perHost.values());
            assertThat(counts).as("descending").isSortedAccordingTo((a, b) -> Integer.compare(b, a));
        }
    }

    @Test
    void aNonPositiveNumberOfContainersIsRefused() {
        assertThatThrownBy(() -> SplitLocality.containersPerHost(bytes("dn1", 1), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("containers: 0 (expected: at least 1)");
    }

    /** Host, bytes, host, bytes, ... in a map of that order. */
    private static Map<String, Long> bytes(Object... hostsAndBytes) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < hostsAndBytes.length; i += 2) {
            map.put((String) hostsAndBytes[i], ((Number) hostsAndBytes[i + 1]).longValue());
        }
        return map;
    }
}
