package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.memory.MemoryManager;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache of a loop task's static input: bounded memory, spills the rest, replays everything in order as often as asked. */
class StaticInputCacheTest {

    private static final int PAGE_SIZE = 4096;

    @SuppressWarnings("unchecked")
    private static final TypeSerializer<Object> STRINGS = (TypeSerializer<Object>) (TypeSerializer<?>) Types.STRING.createSerializer(new SerializerConfig());

    @Test
    void keepsMoreThanItsPagesHoldBySpillingAndReplaysAllInOrderEveryTime(@TempDir Path dir) throws Exception {
        MemoryManager memory = new MemoryManager(64L * PAGE_SIZE, PAGE_SIZE);
        try (IOManager io = new IOManager(dir.toFile())) {
            StaticInputCache cache = StaticInputCache.create(STRINGS, memory, io, 4, "static gate 0 of 'Test (1/1)'");
            assertThat(memory.availablePages()).as("the cache takes exactly its pages").isEqualTo(60);
            List<String> written = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                String value = "record-" + i + "-" + "x".repeat(i % 50);
                written.add(value);
                cache.add(value);
            }
            assertThat(memory.availablePages()).as("no more memory while filling").isEqualTo(60);
            assertThat(cache.spilled()).as("about 300 KB do not fit into 4 pages of 4 KB").isTrue();
            assertThat(cache.size()).isEqualTo(5_000);
            assertThat(replay(cache)).containsExactlyElementsOf(written);
            assertThat(replay(cache)).as("a second superstep sees the same records").containsExactlyElementsOf(written);
            cache.close();
            assertThat(memory.availablePages()).as("closing returns the pages").isEqualTo(64);
        }
    }

    @Test
    void anEmptyInputReplaysAsAnImmediateEnd(@TempDir Path dir) throws Exception {
        MemoryManager memory = new MemoryManager(16L * PAGE_SIZE, PAGE_SIZE);
        try (IOManager io = new IOManager(dir.toFile())) {
            StaticInputCache cache = StaticInputCache.create(STRINGS, memory, io, 4, "empty");
            GateInput replay = cache.replay();
            assertThat(replay.getAvailableFuture()).isDone();
            assertThat(replay.pollNext()).isEqualTo(InputStatus.END_OF_INPUT);
            assertThat(replay.pollNext()).isEqualTo(InputStatus.END_OF_INPUT);
            cache.close();
        }
    }

    private static List<Object> replay(StaticInputCache cache) throws Exception {
        GateInput replay = cache.replay();
        List<Object> read = new ArrayList<>();
        InputStatus status;
        while ((status = replay.pollNext()) == InputStatus.RECORD) {
            read.add(replay.record().asRecord().getValue());
        }
        assertThat(status).isEqualTo(InputStatus.END_OF_INPUT);
        return read;
    }
}
