package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.eddy.executor.JobDetails.VertexDetails;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import java.util.List;
import org.junit.jupiter.api.Test;

class MapReduceProgressTest {

    private static final String MAPS = "Hadoop input TextInputFormat -> Hadoop mapper M -> Custom assign (PartitionCustom)";
    private static final String REDUCERS = "Custom strip (PartitionCustom) -> " + MapReduceDataflow.REDUCER_PREFIX + "R -> Hadoop output F";

    private static float[] progress(VertexDetails... vertices) {
        return MapReduceProgress.of(new JobDetails(JobId.generate(), "job", "RUNNING", 0, -1, List.of(vertices)));
    }

    @Test
    void beforeTheSplitsAreMadeNothingHasProgressed() {
        assertThat(progress(new VertexDetails(MAPS, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0), new VertexDetails(REDUCERS, 2, 2, 0, 0, 0, 0, -1, 0, 0, 0)))
                .containsExactly(0f, 0f);
    }

    @Test
    void mapsAreTheSplitsDoneAndTheShuffleIsAThirdOfTheReduce() {
        float[] p = progress(new VertexDetails(MAPS, 2, 0, 2, 0, 0, 0, 8, 6, 0, 0), new VertexDetails(REDUCERS, 2, 0, 2, 0, 0, 0, -1, 0, 0, 0));
        assertThat(p[0]).isEqualTo(0.75f);
        assertThat(p[1]).isCloseTo(0.25f, within(1e-6f));
    }

    @Test
    void eachFinishedReducerAddsItsShareOfTheOtherTwoThirds() {
        float[] p = progress(new VertexDetails(MAPS, 2, 0, 0, 2, 0, 0, 8, 8, 0, 0), new VertexDetails(REDUCERS, 2, 0, 1, 1, 0, 0, -1, 0, 0, 0));
        assertThat(p[0]).isEqualTo(1f);
        assertThat(p[1]).isCloseTo(1f / 3 + 1f / 3, within(1e-6f));
        float[] done = progress(new VertexDetails(MAPS, 2, 0, 0, 2, 0, 0, 8, 8, 0, 0), new VertexDetails(REDUCERS, 2, 0, 0, 2, 0, 0, -1, 0, 0, 0));
        assertThat(done).containsExactly(1f, 1f);
    }

    @Test
    void aMapOnlyJobHasNoReduceProgress() {
        assertThat(progress(new VertexDetails("Hadoop input F -> Hadoop mapper M", 2, 0, 2, 0, 0, 0, 4, 2, 0, 0))).containsExactly(0.5f, 0f);
    }
}
