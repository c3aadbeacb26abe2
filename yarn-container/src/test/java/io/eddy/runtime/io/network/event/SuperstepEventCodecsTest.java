package io.eddy.runtime.io.network.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.runtime.io.network.buffer.Buffer;
import org.junit.jupiter.api.Test;

/** The superstep events survive a round trip through their network buffers, and are not taken for an end of partition. */
class SuperstepEventCodecsTest {

    @Test
    void endOfSuperstepRoundTrips() throws Exception {
        RuntimeEvent read = roundTrip(new EndOfSuperstep(17));
        assertThat(read).isEqualTo(new EndOfSuperstep(17));
    }

    @Test
    void superstepStartRoundTripsWithItsAggregates() throws Exception {
        byte[] aggregates = {1, 2, 3, -4, 0, 127};
        RuntimeEvent read = roundTrip(new SuperstepStart(3, aggregates));
        assertThat(read).isInstanceOf(SuperstepStart.class).isEqualTo(new SuperstepStart(3, aggregates.clone()));
        assertThat(((SuperstepStart) read).aggregatesBytes()).containsExactly(aggregates);
    }

    @Test
    void superstepStartWithoutAggregatesRoundTrips() throws Exception {
        assertThat(roundTrip(new SuperstepStart(2, new byte[0]))).isEqualTo(new SuperstepStart(2, new byte[0]));
    }

    private static RuntimeEvent roundTrip(RuntimeEvent event) throws Exception {
        Buffer buffer = EventSerializer.toBuffer(event);
        try {
            assertThat(buffer.isEvent()).isTrue();
            assertThat(EventSerializer.isEndOfPartition(buffer)).isFalse();
            return EventSerializer.fromBuffer(buffer);
        } finally {
            buffer.recycle();
        }
    }
}
