package io.eddy.master.failover;

import static io.eddy.master.failover.RestartPhase.CANCELLING_TASKS;
import static io.eddy.master.failover.RestartPhase.RESTARTING;
import static io.eddy.master.failover.RestartPhase.RUNNING;
import static io.eddy.master.failover.RestartPhase.STOPPED;
import static io.eddy.master.failover.RestartPhase.WAITING_DELAY;
import static io.eddy.master.failover.RestartPhase.WAITING_FOR_SLOTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The restart life cycle's moves: each legal one is accepted, every other one is a bug. */
class RestartPhaseTest {

    /** The life cycle of docs/failover.md, written out once more. */
    private static final Map<RestartPhase, Set<RestartPhase>> LEGAL = Map.of(
            RUNNING, EnumSet.of(CANCELLING_TASKS, STOPPED),
            CANCELLING_TASKS, EnumSet.of(WAITING_DELAY, STOPPED),
            WAITING_DELAY, EnumSet.of(RESTARTING, WAITING_FOR_SLOTS, STOPPED),
            WAITING_FOR_SLOTS, EnumSet.of(RESTARTING, STOPPED),
            RESTARTING, EnumSet.of(RUNNING, CANCELLING_TASKS, STOPPED),
            STOPPED, EnumSet.noneOf(RestartPhase.class));

    @ParameterizedTest
    @EnumSource(RestartPhase.class)
    void everyLegalMoveIsAcceptedAndEveryOtherRejectedAsABug(RestartPhase from) {
        for (RestartPhase to : RestartPhase.values()) {
            if (LEGAL.get(from).contains(to)) {
                assertThat(from.checkMoveTo(to)).as(from + " -> " + to).isEqualTo(to);
            } else {
                assertThatThrownBy(() -> from.checkMoveTo(to)).as(from + " -> " + to).isInstanceOf(IllegalStateException.class)
                        .hasMessageStartingWith("Bug: a restart cannot move from " + from + " to " + to);
            }
        }
        assertThat(from.successors()).isEqualTo(LEGAL.get(from));
    }

    @Test
    void onlyStoppedIsTerminalAndEveryPhaseCanStop() {
        for (RestartPhase p : RestartPhase.values()) {
            assertThat(p.successors().isEmpty()).as(p.toString()).isEqualTo(p == STOPPED);
            assertThat(p == STOPPED || p.successors().contains(STOPPED)).as(p.toString()).isTrue();
        }
    }
}
