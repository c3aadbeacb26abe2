package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lane's snapshot file: sections in order, blocks with checksums, visible only once committed, errors naming the file. */
class SnapshotFileTest {

    private final TypeSerializer<Long> longs = Types.LONG.createSerializer(new SerializerConfig());
    private final TypeSerializer<String> strings = Types.STRING.createSerializer(new SerializerConfig());

    @TempDir
    File tmp;

    @Test
    void twoSectionsOfManyBlocksReadBackInOrder() throws Exception {
        String dir = new File(tmp, "superstep-3").toURI().toString();
        try (SnapshotFile.Writer writer = SnapshotFile.create(dir, 1, 2)) {
            for (long i = 0; i < 50_000; i++) {
                writer.write(0, longs, i);
            }
            writer.write(1, strings, "first");
            writer.write(1, strings, "second");
            assertThat(writer.records()).isEqualTo(50_002);
            writer.commit();
        }
        List<Long> solution = new ArrayList<>();
        List<String> workset = new ArrayList<>();
        try (SnapshotFile.Reader reader = SnapshotFile.open(dir, 1, 2)) {
            assertThat(reader.readSection(0, longs, solution::add)).isEqualTo(50_000);
            assertThat(reader.readSection(1, strings, workset::add)).isEqualTo(2);
            reader.checkEnd();
        }
        assertThat(solution).hasSize(50_000).startsWith(0L, 1L).endsWith(49_999L);
        assertThat(workset).containsExactly("first", "second");
    }

    @Test
    void anEmptySectionReadsAsNoRecords() throws Exception {
        String dir = new File(tmp, "empty").toURI().toString();
        try (SnapshotFile.Writer writer = SnapshotFile.create(dir, 0, 2)) {
            writer.write(1, longs, 7L);
            writer.commit();
        }
        List<Long> read = new ArrayList<>();
        try (SnapshotFile.Reader reader = SnapshotFile.open(dir, 0, 2)) {
            assertThat(reader.readSection(0, longs, read::add)).isZero();
            assertThat(reader.readSection(1, longs, read::add)).isEqualTo(1);
            reader.checkEnd();
        }
        assertThat(read).containsExactly(7L);
    }

    @Test
    void aWriterClosedWithoutCommitLeavesNoFile() throws Exception {
        File dir = new File(tmp, "aborted");
        try (SnapshotFile.Writer writer = SnapshotFile.create(dir.toURI().toString(), 0, 1)) {
            writer.write(0, longs, 1L);
        }
        assertThat(dir.list()).isEmpty();
    }

    @Test
    void aTruncatedOrAlteredFileIsRefusedNamingIt() throws Exception {
        String dir = new File(tmp, "superstep-6").toURI().toString();
        try (SnapshotFile.Writer writer = SnapshotFile.create(dir, 0, 1)) {
            for (long i = 0; i < 1000; i++) {
                writer.write(0, longs, i);
            }
            writer.commit();
        }
        File file = new File(tmp, "superstep-6/lane-0");
        byte[] whole = Files.readAllBytes(file.toPath());

        try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
            raf.setLength(whole.length - 5);
        }
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(IOException.class).hasMessageContaining(file.getName())
                .hasMessageContaining("superstep-6").hasMessageContaining("truncated");

        whole[40] ^= 1;
        Files.write(file.toPath(), whole);
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(IOException.class).hasMessageContaining("checksum");

        assertThatThrownBy(() -> SnapshotFile.open(dir, 1, 1)).isInstanceOf(IOException.class).hasMessageContaining("superstep-6/lane-1");
        assertThatThrownBy(() -> SnapshotFile.open(dir, 0, 2)).isInstanceOf(IOException.class).hasMessageContaining("2 sections");
    }

    private void readAll(String dir) throws Exception {
        try (SnapshotFile.Reader reader = SnapshotFile.open(dir, 0, 1)) {
            reader.readSection(0, longs, v -> { });
            reader.checkEnd();
        }
    }
}
