package io.eddy.runtime.io.network.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link ChannelSelectors#byIndex}: the selector of {@code PARTITION_BY_INDEX} edges. */
class ChannelSelectorsByIndexTest {

    @Test
    void theRecordNamesItsChannel() {
        ChannelSelector<Integer> selector = ChannelSelectors.byIndex(i -> i);
        selector.setup(4);
        assertThat(selector.isBroadcast()).isFalse();
        for (int i = 0; i < 4; i++) {
            assertThat(selector.selectChannel(i)).isEqualTo(i);
        }
    }

    @Test
    void anIndexOutOfRangeFailsNamingTheRecordAndTheChannels() {
        ChannelSelector<Integer> selector = ChannelSelectors.byIndex(i -> i);
        selector.setup(3);
        assertThatThrownBy(() -> selector.selectChannel(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("record 3").hasMessageContaining("0..2");
        assertThatThrownBy(() -> selector.selectChannel(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
