package io.eddy.runtime.io.network.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.KeyGroups;
import org.junit.jupiter.api.Test;

class ChannelSelectorsTest {

    @Test
    void forwardSendsEverythingToTheOnlyChannel() {
        ChannelSelector<String> selector = ChannelSelectors.forward();
        selector.setup(1);
        assertThat(selector.selectChannel("a")).isZero();
        assertThat(selector.isBroadcast()).isFalse();
        assertThatThrownBy(() -> ChannelSelectors.<String>forward().setup(3)).hasMessageContaining("rebalance()");
    }

    @Test
    void roundRobinDistributesEvenlyInOrder() {
        ChannelSelector<Integer> selector = ChannelSelectors.roundRobin();
        selector.setup(3);
        int[] counts = new int[3];
        for (int i = 0; i < 300; i++) {
            int channel = selector.selectChannel(i);
            assertThat(channel).isEqualTo(i % 3);
            counts[channel]++;
        }
        assertThat(counts).containsExactly(100, 100, 100);
    }

    @Test
    void shuffleIsSeededAndCoversAllChannels() {
        ChannelSelector<Integer> a = ChannelSelectors.shuffle(5);
        ChannelSelector<Integer> b = ChannelSelectors.shuffle(5);
        a.setup(4);
        b.setup(4);
        int[] counts = new int[4];
        for (int i = 0; i < 4000; i++) {
            int channel = a.selectChannel(i);
            assertThat(b.selectChannel(i)).isEqualTo(channel);
            counts[channel]++;
        }
        for (int count : counts) {
            assertThat(count).isBetween(800, 1200);
        }
    }

    @Test
    void broadcastIsMarkedBroadcast() {
        ChannelSelector<String> selector = ChannelSelectors.broadcast();
        selector.setup(5);
        assertThat(selector.isBroadcast()).isTrue();
    }

    @Test
    void keyGroupsAgreeWithKeyGroups() {
        ChannelSelector<String> selector = ChannelSelectors.keyGroups(record -> record.split(":")[0], 128);
        selector.setup(7);
        for (int i = 0; i < 1000; i++) {
            String key = "key" + i;
            assertThat(selector.selectChannel(key + ":value")).isEqualTo(KeyGroups.subtaskForKey(key, 128, 7));
        }
    }

    @Test
    void keyExtractionFailureIsWrappedWithTheRecord() {
        ChannelSelector<String> selector = ChannelSelectors.keyGroups(record -> {
            throw new IllegalStateException("boom");
        }, 128);
        selector.setup(2);
        assertThatThrownBy(() -> selector.selectChannel("the-record"))
                .isInstanceOf(ChannelSelectors.KeyExtractionException.class)
                .hasMessageContaining("the-record")
                .hasMessageContaining("key selector")
                .hasRootCauseMessage("boom");
    }

    @Test
    void aKeyGivenByItsHashGoesWhereTheKeyItselfGoes() {
        ChannelSelector<String> byKey = ChannelSelectors.keyGroups(record -> record, 128);
        ChannelSelector<String> byHash = ChannelSelectors.hashedKeyGroups(String::hashCode, 128);
        byKey.setup(5);
        byHash.setup(5);
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String key = "key-" + i;
            int channel = byHash.selectChannel(key);
            assertThat(channel).isEqualTo(byKey.selectChannel(key));
            used.add(channel);
        }
        assertThat(used).hasSize(5);
        assertThat(byHash.lastKey()).as("no key object on the hashed path").isNull();
        assertThat(byHash.lastKeyGroup()).isEqualTo(-1);
    }

    @Test
    void aKeySelectorRemembersTheKeyAndItsKeyGroupForALocalConsumer() {
        ChannelSelector<String> byKey = ChannelSelectors.keyGroups(record -> record.substring(2), 128);
        byKey.setup(3);
        for (int i = 0; i < 500; i++) {
            String key = "key-" + i;
            int channel = byKey.selectChannel("k:" + key);
            assertThat(byKey.lastKey()).isEqualTo(key);
            assertThat(byKey.lastKeyGroup()).isEqualTo(KeyGroups.keyGroupFor(key, 128));
            assertThat(channel).isEqualTo(KeyGroups.subtaskForKey(key, 128, 3));
        }
    }

    @Test
    void integerKeysGoWhereTheirIntegersGoAndAreNotHandedOnAsObjectsButTheirKeyGroupIs() {
        ChannelSelector<String> byKey = ChannelSelectors.keyGroups(record -> record.startsWith("s") ? (Object) record : Integer.valueOf(record), 128);
        byKey.setup(3);
        for (int i = -500; i < 500; i++) {
            Integer key = i * 7_919;
            String other = "s" + i;
            byKey.selectChannel(other);
            int channel = byKey.selectChannel(String.valueOf(key));
            assertThat(channel).isEqualTo(KeyGroups.subtaskForKey(key, 128, 3));
            assertThat(byKey.lastKey()).as("a local consumer extracts an int key itself; not the key before it").isNull();
            assertThat(byKey.lastKeyGroup()).as("so that it need not hash the int again").isEqualTo(KeyGroups.keyGroupFor(key, 128));
            byKey.selectChannel(other);
            assertThat(byKey.lastKey()).isEqualTo(other);
            assertThat(byKey.lastKeyGroup()).isEqualTo(KeyGroups.keyGroupFor(other, 128));
        }
    }
}
