package io.eddy.streaming.api.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.net.Socket;
import java.sql.Connection;
import org.junit.jupiter.api.Test;

/** Plan-time and run-time checks that state types can be serialized ({@link StateTypeCheck}). */
class StateTypeCheckTest {

    /** Declares a state of a type no checkpoint can hold. */
    static final class ConnectionInState extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final ValueStateDescriptor<Connection> connection = new ValueStateDescriptor<>("connection", Connection.class);
        private final ValueStateDescriptor<Long> count = new ValueStateDescriptor<>("count", Types.LONG);

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    /** Only serializable state: a value, a list of records and a map. */
    static final class GoodState extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final ValueStateDescriptor<Long> count = new ValueStateDescriptor<>("count", Types.LONG);
        private final ListStateDescriptor<Point> points = new ListStateDescriptor<>("points", Point.class);
        private final MapStateDescriptor<String, Long> byName = new MapStateDescriptor<>("byName", Types.STRING, Types.LONG);

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    record Point(long x, long y) {}

    /** Holds a function that declares bad map state keys: the check looks into nested functions. */
    static final class Outer implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final Inner inner = new Inner();

        @Override
        public Long map(Long value) {
            return inner.map(value);
        }
    }

    static final class Inner implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final MapStateDescriptor<Socket, Long> bySocket = new MapStateDescriptor<>("bySocket", TypeInfo.of(Socket.class), Types.LONG);

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    /** A Checkpointed function whose state type is a live resource. */
    static final class CheckpointedSocket implements MapFunction<Long, Long>, Checkpointed<Socket> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            return value;
        }

        @Override
        public Socket snapshotState(long checkpointId, long timestamp) {
            return null;
        }

        @Override
        public void restoreState(Socket state) {
        }
    }

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.createLocalEnvironment(2);
    }

    @Test
    void aStateDescriptorFieldOfAnUnserializableTypeFailsAtPlanTimeNamingTheStateAndTheOperator() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L, 2L).map(new ConnectionInState()).returns(Types.LONG).name("enrich").print();

        assertThatThrownBy(env::getStreamGraph).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("State 'connection'")
                .hasMessageContaining("field 'connection' of " + ConnectionInState.class.getName())
                .hasMessageContaining("operator 'enrich'")
                .hasMessageContaining(Connection.class.getName())
                .hasMessageContaining("transient fields opened in open()");
    }

    @Test
    void stateInNestedFunctionsAndMapKeysIsChecked() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L).map(new Outer()).returns(Types.LONG).name("outer").print();

        assertThatThrownBy(() -> env.getJobGraph("nested")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("State 'bySocket'").hasMessageContaining("operator 'outer'").hasMessageContaining("its map keys");
    }

    @Test
    void aCheckpointedFunctionWithAnUnserializableStateTypeFailsAtPlanTime() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L).map(new CheckpointedSocket()).returns(Types.LONG).name("sockets").print();

        assertThatThrownBy(env::getStreamGraph).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Checkpointed function " + CheckpointedSocket.class.getName())
                .hasMessageContaining("operator 'sockets'").hasMessageContaining("override stateType()");
    }

    @Test
    void serializableStatePassesThePlan() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L).map(new GoodState()).returns(Types.LONG).print();

        assertThat(env.getStreamGraph().getNodes()).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void aDescriptorRegisteredAtRunTimeFailsWithTheSameKindOfMessage() {
        ValueStateDescriptor<Thread> thread = new ValueStateDescriptor<>("worker", Thread.class);
        assertThatThrownBy(() -> StateTypeCheck.stateSerializer(thread, "Enrich (1/2)", new SerializerConfig()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("State 'worker' of operator 'Enrich (1/2)' cannot be serialized")
                .hasMessageContaining(Thread.class.getName());

        TypeSerializer<Long> longs = StateTypeCheck.stateSerializer(new ValueStateDescriptor<>("count", Types.LONG), "Enrich (1/2)",
                new SerializerConfig());
        assertThat(longs).isNotNull();
    }
}
