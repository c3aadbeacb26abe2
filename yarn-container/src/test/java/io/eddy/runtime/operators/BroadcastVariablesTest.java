package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BroadcastVariablesTest {

    @Test
    void everyCallerGetsTheSameUnmodifiableList() {
        BroadcastVariables variables = new BroadcastVariables();
        variables.register("dict", new ArrayList<>(List.of("a", "b")));

        List<String> first = variables.get("dict", "Map (1/2)");
        assertThat(first).containsExactly("a", "b");
        assertThat(variables.<String>get("dict", "Filter (1/2)")).isSameAs(first);
        assertThatThrownBy(() -> first.add("c")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anUnknownNameFailsNamingTheRegisteredOnesAndWithBroadcastSet() {
        BroadcastVariables variables = new BroadcastVariables();
        variables.register("centroids", List.of());
        variables.register("dict", List.of());

        assertThatThrownBy(() -> variables.get("dictionary", "Map (1/2)")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No broadcast variable 'dictionary' in operator 'Map (1/2)': its broadcast variables are [centroids, dict]. "
                        + "Register the data set with withBroadcastSet(dataSet, \"dictionary\") on this operator");
    }

    @Test
    void aNameRegisteredTwiceIsABug() {
        BroadcastVariables variables = new BroadcastVariables();
        variables.register("dict", List.of());

        assertThatThrownBy(() -> variables.register("dict", List.of())).hasMessageStartingWith("Bug: broadcast variable 'dict'");
    }
}
