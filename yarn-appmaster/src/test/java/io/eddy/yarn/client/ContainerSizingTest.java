package io.eddy.yarn.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.yarn.YarnOptions;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.QueueConfigurations;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.util.Records;
import org.junit.jupiter.api.Test;

/** How many worker containers an application asks for, and the most YARN can ever hold of them ({@link ClusterCapacity}). */
class ContainerSizingTest {

    @Test
    void aPerJobApplicationAsksForTheContainersItsJobNeeds() throws Exception {
        Configuration twoSlots = new Configuration().set(YarnOptions.SLOTS, 2);
        assertThat(ContainerResources.of(twoSlots, 8).containers()).isEqualTo(4);
        assertThat(ContainerResources.of(twoSlots, 7).containers()).isEqualTo(4);
        assertThat(ContainerResources.of(twoSlots, 1).containers()).isEqualTo(1);
        assertThat(ContainerResources.of(twoSlots, 0).containers()).as("no job known: a session").isEqualTo(1);
        assertThat(ContainerResources.of(new Configuration(), 3).containers()).as("one slot per container by default").isEqualTo(3);
        assertThat(ContainerResources.of(new Configuration(), 3).maxFailedContainers()).isEqualTo(3);
    }

    @Test
    void containersGivenExplicitlyOverrideTheJobsNeedUpToMaxContainers() throws Exception {
        assertThat(ContainerResources.of(new Configuration().set(YarnOptions.CONTAINERS, 1), 8).containers()).isEqualTo(1);
        assertThat(ContainerResources.of(new Configuration().set(YarnOptions.CONTAINERS, 1).set(YarnOptions.MAX_CONTAINERS, 4), 0).maxContainers())
                .isEqualTo(4);
        assertThatThrownBy(() -> ContainerResources.of(new Configuration().set(YarnOptions.CONTAINERS, 5).set(YarnOptions.MAX_CONTAINERS, 4), 0))
                .isInstanceOf(YarnDeploymentException.class)
                .hasMessage("yarn.containers is 5, more than yarn.max-containers (4): lower --containers or raise eddy.yarn.max-containers");
        assertThatThrownBy(() -> ContainerResources.of(new Configuration().set(YarnOptions.MAX_CONTAINERS, 0), 0))
                .isInstanceOf(YarnDeploymentException.class).hasMessageContaining("yarn.max-containers is 0 (expected: at least 1)");
    }

    @Test
    void aJobFitsWhenItsContainersAreWithinBothBounds() throws Exception {
        ContainerResources r = ContainerResources.of(new Configuration().set(YarnOptions.SLOTS, 2).set(YarnOptions.MAX_CONTAINERS, 3), 0);
        ClusterCapacity roomy = new ClusterCapacity(10, "a big cluster");
        assertThat(r.whyJobCannotFit(6, roomy)).isEmpty();
        assertThat(r.whyJobCannotFit(7, roomy)).hasValueSatisfying(m -> assertThat(m)
                .startsWith("The job needs 7 slots, 4 worker containers of 2 slots and 1024 MB, but this application may have at most 3"
                        + " (eddy.yarn.max-containers is 3)"));
        assertThat(r.whyJobCannotFit(5, new ClusterCapacity(2, "a small cluster"))).hasValueSatisfying(m -> assertThat(m)
                .contains("at most 2 (YARN can never hold more: a small cluster)"));
        assertThat(r.whyJobCannotFit(0, new ClusterCapacity(0, "an empty queue"))).as("no job").isEmpty();
    }

    @Test
    void theNodesHoldWhatTheirMemoryFitsLessTheApplicationMastersRoom() throws Exception {
        ContainerResources gig = resources("1g", "1g");
        assertThat(ClusterCapacity.of(List.of(node("a", 6144, 8)), null, gig, false)).satisfies(c -> {
            assertThat(c.maxContainers()).isEqualTo(5);
            assertThat(c.explanation()).isEqualTo("1 running NodeManager with 6144 MB in all holds 5 worker containers of 1024 MB beside the"
                    + " ApplicationMaster's 1024 MB");
        });
        // The AM goes where it costs the fewest workers: on b, whose 3584 MB hold 3 workers with or without the AM's 512 MB.
        ContainerResources small = resources("1g", "512m");
        assertThat(ClusterCapacity.of(List.of(node("a", 4096, 8), node("b", 3584, 8)), null, small, false).maxContainers()).isEqualTo(4 + 3);
        assertThat(ClusterCapacity.of(List.of(node("a", 4096, 8), node("b", 4096, 8)), null, small, false).maxContainers()).isEqualTo(4 + 3);
        assertThat(ClusterCapacity.of(List.of(), null, gig, false).maxContainers()).as("no NodeManager now: no bound").isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void vcoresCountOnlyWhereTheSchedulerCountsThem() throws Exception {
        ContainerResources twoSlots = ContainerResources.of(new Configuration().set(YarnOptions.SLOTS, 2)
                .set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("1g")).set(YarnOptions.AM_MEMORY, MemorySize.parse("1g")), 0);
        List<NodeReport> nodes = List.of(node("a", 16384, 4));
        assertThat(ClusterCapacity.of(nodes, null, twoSlots, false).maxContainers()).isEqualTo(15);
        // 4 vcores: two workers of 2, or one beside the AM's vcore.
        assertThat(ClusterCapacity.of(nodes, null, twoSlots, true).maxContainers()).isEqualTo(1);
    }

    @Test
    void theQueueBoundsWhatTheNodesWouldHold() throws Exception {
        ContainerResources gig = resources("1g", "1g");
        List<NodeReport> nodes = List.of(node("a", 8192, 8), node("b", 8192, 8));
        QueueInfo effective = queue("small", 0.5f, Resource.newInstance(3072, 4));
        assertThat(ClusterCapacity.of(nodes, effective, gig, false)).satisfies(c -> {
            assertThat(c.maxContainers()).isEqualTo(2);
            assertThat(c.explanation()).startsWith("the queue 'small' may use at most 3072 MB, which hold 2 worker containers of 1024 MB beside the"
                    + " ApplicationMaster's 1024 MB (2 running NodeManagers with 16384 MB in all hold 15");
        });
        QueueInfo share = queue("half", 0.5f, null);
        assertThat(ClusterCapacity.of(nodes, share, gig, false).maxContainers()).as("half of 16384 MB, less the AM").isEqualTo(7);
        QueueInfo whole = queue("root.default", 1.0f, null);
        assertThat(ClusterCapacity.of(nodes, whole, gig, false).maxContainers()).as("the nodes bound it").isEqualTo(15);
        QueueInfo fair = Records.newRecord(QueueInfo.class);
        fair.setQueueName("fair");
        fair.setMaxResourceMemory(4096);
        assertThat(ClusterCapacity.of(nodes, fair, gig, false).maxContainers()).as("a Fair Scheduler queue's maximum").isEqualTo(3);
    }

    private static ContainerResources resources(String worker, String am) throws Exception {
        return ContainerResources.of(new Configuration().set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse(worker))
                .set(YarnOptions.AM_MEMORY, MemorySize.parse(am)), 0);
    }

    private static NodeReport node(String host, int memoryMb, int vcores) {
        return NodeReport.newInstance(NodeId.newInstance(host, 8041), NodeState.RUNNING, host + ":8042", "/default-rack",
                Resource.newInstance(0, 0), Resource.newInstance(memoryMb, vcores), 0, "", 0L);
    }

    private static QueueInfo queue(String name, float absoluteMaxCapacity, Resource effectiveMaxOrNull) {
        QueueConfigurations partition = QueueConfigurations.newInstance(absoluteMaxCapacity, absoluteMaxCapacity, absoluteMaxCapacity,
                absoluteMaxCapacity, 0.1f);
        if (effectiveMaxOrNull != null) {
            partition.setEffectiveMaxCapacity(effectiveMaxOrNull);
        }
        QueueInfo queue = Records.newRecord(QueueInfo.class);
        queue.setQueueName(name);
        queue.setQueueConfigurations(Map.of("", partition));
        return queue;
    }
}
