package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import java.net.Socket;
import java.sql.Connection;
import org.junit.jupiter.api.Test;

/**
 * State registered at run time (a descriptor created in {@code open()}, which the plan-time scan
 * cannot see) with a type no checkpoint can hold fails on registration, naming the state and the
 * operator, in both heap backends.
 */
class UnserializableStateAtRunTimeTest {

    @Test
    void keyedStateOfAResourceTypeFailsNamingTheStateAndTheOperator() {
        HeapKeyedStateBackend backend = new HeapKeyedStateBackend("Enrich (1/2)", Types.STRING, new SerializerConfig(), 16, 0, 15);

        assertThatThrownBy(() -> backend.getState(new ValueStateDescriptor<>("connection", Connection.class)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("State 'connection' of operator 'Enrich (1/2)' cannot be serialized")
                .hasMessageContaining(Connection.class.getName());
        assertThatThrownBy(() -> backend.getMapState(new MapStateDescriptor<>("bySocket", TypeInfo.of(Socket.class), Types.LONG)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("State 'bySocket' of operator 'Enrich (1/2)'").hasMessageContaining("its map keys");
    }

    @Test
    void operatorListStateOfAResourceTypeFailsNamingTheStateAndTheOperator() {
        HeapOperatorStateBackend backend = new HeapOperatorStateBackend("Source (1/1)", new SerializerConfig());

        assertThatThrownBy(() -> backend.getListState(new ListStateDescriptor<>("sockets", Socket.class)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("State 'sockets' of operator 'Source (1/1)' cannot be serialized")
                .hasMessageContaining("transient fields opened in open()");
    }
}
