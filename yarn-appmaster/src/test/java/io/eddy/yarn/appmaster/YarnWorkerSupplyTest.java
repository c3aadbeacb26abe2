package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ClusterCapacity;
import io.eddy.yarn.client.ContainerResources;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The AM's answers to the master's slot demand: grow within the bounds, refuse a job beyond them naming the options. */
class YarnWorkerSupplyTest {

    private final List<Integer> grownTo = new CopyOnWriteArrayList<>();

    private YarnWorkerSupply supply(Configuration settings) throws Exception {
        return new YarnWorkerSupply(ContainerResources.of(settings.set(YarnOptions.SLOTS, 2)), "default", grownTo::add, () -> "1 running");
    }

    @Test
    void growsToTheContainersTheWholeDemandNeedsCappedByTheBounds() throws Exception {
        YarnWorkerSupply supply = supply(new Configuration());
        supply.setCapacity(new ClusterCapacity(5, "test cluster"));

        assertThat(supply.demand(7, 3)).isEmpty();
        assertThat(supply.demand(40, 2)).as("a single job fits; together they need more than the cluster holds").isEmpty();

        assertThat(grownTo).containsExactly(4, 5);
    }

    @Test
    void aJobBeyondTheClusterIsRefusedNamingTheClusterAndTheOptions() throws Exception {
        YarnWorkerSupply supply = supply(new Configuration());
        supply.setCapacity(new ClusterCapacity(3, "1 running NodeManager with 4096 MB in all holds 3 worker containers"));

        assertThat(supply.demand(8, 8)).hasValueSatisfying(reason -> assertThat(reason)
                .contains("The job needs 8 slots, 4 worker containers of 2 slots")
                .contains("at most 3 (YARN can never hold more: 1 running NodeManager with 4096 MB in all holds 3 worker containers)")
                .contains("--slots").contains("--container-memory").contains("eddy.yarn.max-containers").contains("--queue"));
        assertThat(grownTo).isEmpty();
    }

    @Test
    void aJobBeyondMaxContainersIsRefusedNamingTheOption() throws Exception {
        YarnWorkerSupply supply = supply(new Configuration().set(YarnOptions.MAX_CONTAINERS, 2));

        assertThat(supply.capacity()).isEqualTo(ClusterCapacity.UNKNOWN);
        assertThat(supply.demand(5, 5)).hasValueSatisfying(reason -> assertThat(reason).contains("eddy.yarn.max-containers is 2"));
        assertThat(supply.demand(4, 4)).isEmpty();
        assertThat(grownTo).containsExactly(2);
    }

    @Test
    void theShortageAdviceSaysWhatThePoolHasAndWhatToChange() throws Exception {
        assertThat(supply(new Configuration()).shortageAdvice()).contains("(1 running)").contains("queue 'default'")
                .contains("eddy.master.slot-wait-timeout");
    }
}
