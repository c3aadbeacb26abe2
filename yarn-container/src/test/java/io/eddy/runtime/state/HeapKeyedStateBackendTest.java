package io.eddy.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.KeyGroups;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapKeyedStateBackendTest {

    private final HeapKeyedStateBackend backend = new HeapKeyedStateBackend("Op (1/1)", Types.STRING, new SerializerConfig(), 16, 0, 15);

    @Test
    void valueStateIsPerKeyAndDefaultsToNull() throws Exception {
        ValueState<Integer> state = backend.getState(new ValueStateDescriptor<>("v", Types.INT));
        backend.setCurrentKey("a");
        assertThat(state.value()).isNull();
        state.update(1);
        backend.setCurrentKey("b");
        assertThat(state.value()).isNull();
        state.update(2);
        backend.setCurrentKey("a");
        assertThat(state.value()).isEqualTo(1);
        state.update(null);
        assertThat(state.value()).isNull();
        backend.setCurrentKey("b");
        assertThat(state.value()).isEqualTo(2);
    }

    @Test
    void listStateAddsUpdatesAndClearsPerKey() throws Exception {
        ListState<String> state = backend.getListState(new ListStateDescriptor<>("l", Types.STRING));
        backend.setCurrentKey("a");
        assertThat(state.get()).isEmpty();
        state.add("x");
        state.addAll(List.of("y", "z"));
        assertThat(state.get()).containsExactly("x", "y", "z");
        backend.setCurrentKey("b");
        state.update(List.of("q"));
        assertThat(state.get()).containsExactly("q");
        backend.setCurrentKey("a");
        state.clear();
        assertThat(state.get()).isEmpty();
        assertThatThrownBy(() -> state.add(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("ListState 'l'");
    }

    @Test
    void mapStateOperationsArePerKey() throws Exception {
        MapState<String, Integer> state = backend.getMapState(new MapStateDescriptor<>("m", Types.STRING, Types.INT));
        backend.setCurrentKey("a");
        assertThat(state.isEmpty()).isTrue();
        state.put("one", 1);
        state.putAll(Map.of("two", 2, "three", 3));
        state.remove("three");
        assertThat(state.contains("one")).isTrue();
        assertThat(state.contains("three")).isFalse();
        assertThat(state.get("two")).isEqualTo(2);
        assertThat(state.keys()).containsExactlyInAnyOrder("one", "two");
        assertThat(state.values()).containsExactlyInAnyOrder(1, 2);
        assertThat(state.entries()).hasSize(2);
        backend.setCurrentKey("b");
        assertThat(state.isEmpty()).isTrue();
        assertThat(state.get("one")).isNull();
    }

    @Test
    void sameNameGivesTheSameStateAndAnotherKindIsRejected() {
        ValueState<Integer> first = backend.getState(new ValueStateDescriptor<>("s", Types.INT));
        assertThat(backend.getState(new ValueStateDescriptor<>("s", Types.INT))).isSameAs(first);
        assertThatThrownBy(() -> backend.getListState(new ListStateDescriptor<>("s", Types.INT)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already has VALUE state named 's'");
    }

    @Test
    void valuesAreStoredInTheKeyGroupOfTheirKey() throws Exception {
        ValueState<String> state = backend.getState(new ValueStateDescriptor<>("v", Types.STRING));
        for (String key : List.of("a", "b", "c", "d", "e")) {
            backend.setCurrentKey(key);
            state.update(key.toUpperCase());
        }
        int total = 0;
        for (int group = 0; group < 16; group++) {
            Map<Object, ?> entries = backend.stateEntriesOfKeyGroup("v", group);
            for (Object key : entries.keySet()) {
                assertThat(KeyGroups.keyGroupFor(key, 16)).isEqualTo(group);
            }
            total += entries.size();
        }
        assertThat(total).isEqualTo(5);
        assertThat(backend.registeredStates()).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(StateKind.VALUE);
            assertThat(s.numberOfKeys()).isEqualTo(5);
            assertThat(s.valueSerializer()).isEqualTo(Types.STRING.createSerializer(new SerializerConfig()));
        });
        assertThat(backend.keySerializer()).isEqualTo(Types.STRING.createSerializer(new SerializerConfig()));
    }

    @Test
    void aSubtaskBackendRejectsKeysOfOtherSubtasks() {
        HeapKeyedStateBackend subtask1 = HeapKeyedStateBackend.forSubtask("Op (2/2)", Types.STRING, new SerializerConfig(), 128, 1, 2);
        assertThat(subtask1.getFirstKeyGroup()).isEqualTo(64);
        assertThat(subtask1.getLastKeyGroup()).isEqualTo(127);
        for (String key : List.of("a", "b", "c", "d", "e", "f", "g", "h")) {
            if (KeyGroups.subtaskForKey(key, 128, 2) == 1) {
                subtask1.setCurrentKey(key);
                assertThat(subtask1.getCurrentKeyGroup()).isEqualTo(KeyGroups.keyGroupFor(key, 128));
            } else {
                assertThatThrownBy(() -> subtask1.setCurrentKey(key)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("Key " + key + " of operator 'Op (2/2)'");
            }
        }
    }

    @Test
    void aKeyWithItsKeyGroupGivenSelectsThatGroupAndIsCheckedLikeAnyOther() throws Exception {
        HeapKeyedStateBackend subtask1 = HeapKeyedStateBackend.forSubtask("Op (2/2)", Types.STRING, new SerializerConfig(), 128, 1, 2);
        ValueState<String> state = subtask1.getState(new ValueStateDescriptor<>("v", Types.STRING));
        for (String key : List.of("a", "b", "c", "d", "e", "f", "g", "h")) {
            int keyGroup = KeyGroups.keyGroupFor(key, 128);
            if (KeyGroups.subtaskForKey(key, 128, 2) == 1) {
                subtask1.setCurrentKey(key, keyGroup);
                assertThat(subtask1.getCurrentKeyGroup()).isEqualTo(keyGroup);
                state.update("value of " + key);
                subtask1.setCurrentKey(key);
                assertThat(state.value()).as("the same entry whether the key group was given or computed").isEqualTo("value of " + key);
            } else {
                assertThatThrownBy(() -> subtask1.setCurrentKey(key, keyGroup)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("belongs to key group " + keyGroup);
            }
        }
    }

    @Test
    void anIntKeyIsTheSameKeyAsItsIntegerForEveryKindOfState() throws Exception {
        HeapKeyedStateBackend subtask1 = HeapKeyedStateBackend.forSubtask("Op (2/2)", Types.INT, new SerializerConfig(), 128, 1, 2);
        ValueState<String> value = subtask1.getState(new ValueStateDescriptor<>("v", Types.STRING));
        ListState<String> list = subtask1.getListState(new ListStateDescriptor<>("l", Types.STRING));
        int checked = 0;
        for (int key = 1_000; key < 1_040; key++) {
            Integer boxed = key;
            int keyGroup = KeyGroups.keyGroupFor(boxed, 128);
            if (KeyGroups.subtaskForKey(boxed, 128, 2) != 1) {
                int notHeld = key;
                assertThatThrownBy(() -> subtask1.setCurrentIntKey(notHeld)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("Key " + key + " of operator 'Op (2/2)' belongs to key group " + keyGroup);
                assertThatThrownBy(() -> subtask1.setCurrentIntKey(notHeld, keyGroup)).as("a handed-on key group is checked too")
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("belongs to key group " + keyGroup);
                continue;
            }
            subtask1.setCurrentIntKey(key);
            assertThat(subtask1.getCurrentKeyGroup()).isEqualTo(keyGroup);
            value.update("value of " + key);
            list.add("element of " + key);
            assertThat(subtask1.getCurrentKey()).isEqualTo(boxed);

            subtask1.setCurrentKey(Integer.valueOf(key));
            assertThat(value.value()).isEqualTo("value of " + key);
            assertThat(list.get()).containsExactly("element of " + key);
            value.update("changed " + key);

            subtask1.setCurrentIntKey(key);
            assertThat(value.value()).isEqualTo("changed " + key);
            value.clear();
            subtask1.setCurrentKey(Integer.valueOf(key));
            assertThat(value.value()).isNull();
            assertThat(list.get()).containsExactly("element of " + key);

            subtask1.setCurrentIntKey(key, keyGroup);
            assertThat(subtask1.getCurrentKeyGroup()).isEqualTo(keyGroup);
            assertThat(list.get()).as("the key with its group handed on is the same key").containsExactly("element of " + key);
            checked++;
        }
        assertThat(checked).as("keys of both subtasks among those tried").isBetween(1, 39);
    }

    @Test
    void stateUsedWithoutACurrentKeyFailsWithAHint() {
        ValueState<Integer> state = backend.getState(new ValueStateDescriptor<>("v", Types.INT));
        assertThatThrownBy(state::value).isInstanceOf(IllegalStateException.class).hasMessageContaining("no key is set");
    }
}
