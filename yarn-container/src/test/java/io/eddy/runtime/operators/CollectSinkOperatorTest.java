package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CollectSinkOperatorTest {

    private final RecordingGateway gateway = new RecordingGateway();

    private OperatorTestHarness harness(int batchBytes) {
        OperatorDescriptor d = OperatorDescriptor.builder(new OperatorKinds.CollectSink("c1", batchBytes, 50L)).inputType(Types.INT).build();
        return OperatorTestHarness.forOperator(d).subtask(1, 2, 128).collectGateway(gateway).build().open();
    }

    @Test
    void sendsFullBatchesAndTheRestAtTheEndThenFinishes() throws IOException {
        try (OperatorTestHarness h = harness(16)) {
            for (int i = 0; i < 10; i++) {
                h.process(i);
            }
            assertThat(gateway.batches).hasSize(2); // 4 bytes per int: a batch per 4 records
            h.finish();
            assertThat(gateway.batches).hasSize(3);
            assertThat(gateway.finished).containsExactly("c1/1");
            assertThat(gateway.allValues()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
            assertThat(gateway.subtasks).containsOnly(1);
        }
    }

    @Test
    void flushesAPartialBatchWhenItsTimerFires() throws Exception {
        try (OperatorTestHarness h = harness(32 * 1024)) {
            h.process(7).process(8);
            assertThat(gateway.batches).isEmpty();
            h.advanceTime(49);
            assertThat(gateway.batches).isEmpty();
            h.advanceTime(1);
            assertThat(gateway.allValues()).containsExactly(7, 8);
            assertThat(h.timers().pendingDueTimes()).isEmpty();
            h.process(9);
            assertThat(h.timers().pendingDueTimes()).hasSize(1);
            h.finish();
            assertThat(gateway.allValues()).containsExactly(7, 8, 9);
        }
    }

    static final class RecordingGateway implements CollectGateway {
        final List<byte[]> batches = new ArrayList<>();
        final List<Integer> subtasks = new ArrayList<>();
        final List<String> finished = new ArrayList<>();

        @Override
        public void send(String collectId, int subtask, byte[] batch) {
            batches.add(batch);
            subtasks.add(subtask);
        }

        @Override
        public void finish(String collectId, int subtask) {
            finished.add(collectId + "/" + subtask);
        }

        List<Integer> allValues() throws IOException {
            TypeSerializer<Integer> serializer = Types.INT.createSerializer(new SerializerConfig());
            List<Integer> values = new ArrayList<>();
            for (byte[] batch : batches) {
                DataInputDeserializer in = new DataInputDeserializer(batch);
                while (in.available() > 0) {
                    values.add(serializer.deserialize(in));
                }
            }
            return values;
        }
    }
}
