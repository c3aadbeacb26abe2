package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.junit.jupiter.api.Test;

/** Which outstanding container request an allocated container satisfies, so the hints still wanted stay outstanding. */
class YarnContainerRequestMatchingTest {

    private static ContainerRequest on(String host) {
        return new ContainerRequest(Resource.newInstance(256, 1), host == null ? null : new String[] {host}, null, Priority.newInstance(1), true);
    }

    @Test
    void aContainerTakesARequestForItsHostElseOneForAnywhereElseTheOldest() {
        ContainerRequest dn1 = on("dn1");
        ContainerRequest dn2 = on("dn2");
        ContainerRequest anywhere = on(null);
        ContainerRequest dn2Again = on("dn2");
        Deque<ContainerRequest> requests = new ArrayDeque<>(List.of(dn1, dn2, anywhere, dn2Again));

        assertThat(WorkerContainers.takeRequestFor(requests, "dn2")).isSameAs(dn2);
        assertThat(WorkerContainers.takeRequestFor(requests, "nm7")).as("a host nobody asked for").isSameAs(anywhere);
        assertThat(WorkerContainers.takeRequestFor(requests, "nm8")).as("no request for anywhere left: the oldest").isSameAs(dn1);
        assertThat(requests).containsExactly(dn2Again);
        assertThat(WorkerContainers.takeRequestFor(requests, "dn2")).isSameAs(dn2Again);
        assertThat(WorkerContainers.takeRequestFor(requests, "dn2")).as("nothing outstanding").isNull();
    }
}
