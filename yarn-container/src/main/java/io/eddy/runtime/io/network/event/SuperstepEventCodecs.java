package io.eddy.runtime.io.network.event;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * The wire formats of the superstep events, registered with {@link EventSerializer} under {@link
 * EventSerializer#END_OF_SUPERSTEP} and {@link EventSerializer#SUPERSTEP_START}.
 *
 * <pre>
 *   EndOfSuperstep:  int superstep
 *   SuperstepStart:  int superstep, int length, length bytes of aggregates
 * </pre>
 */
final class SuperstepEventCodecs {

    private SuperstepEventCodecs() {}

    static final EventCodec<EndOfSuperstep> END_OF_SUPERSTEP = new EventCodec<>() {
        @Override
        public void write(EndOfSuperstep event, DataOutputView out) throws IOException {
            out.writeInt(event.superstep());
        }

        @Override
        public EndOfSuperstep read(DataInputView in) throws IOException {
            return new EndOfSuperstep(in.readInt());
        }
    };

    static final EventCodec<SuperstepStart> SUPERSTEP_START = new EventCodec<>() {
        @Override
        public void write(SuperstepStart event, DataOutputView out) throws IOException {
            out.writeInt(event.superstep());
            out.writeInt(event.aggregatesBytes().length);
            out.write(event.aggregatesBytes());
        }

        @Override
        public SuperstepStart read(DataInputView in) throws IOException {
            int superstep = in.readInt();
            int length = in.readInt();
            if (length < 0) {
                throw new IOException("Received a SuperstepStart of superstep " + superstep + " with " + length
                        + " bytes of aggregates (expected: >= 0): producer and consumer run different versions");
            }
            byte[] aggregates = new byte[length];
            in.readFully(aggregates);
            return new SuperstepStart(superstep, aggregates);
        }
    };
}
