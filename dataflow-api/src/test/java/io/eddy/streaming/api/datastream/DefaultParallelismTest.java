package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

class DefaultParallelismTest {

    @Test
    void configuredDefaultParallelismIsUsed() {
        Configuration conf = new Configuration().set(ExecutionOptions.DEFAULT_PARALLELISM, 3);
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment(conf).getParallelism()).isEqualTo(3);
    }

    @Test
    void withoutConfigurationTheNumberOfCoresIsUsed() {
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment(new Configuration()).getParallelism())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void anInvalidConfiguredParallelismNamesTheOption() {
        Configuration conf = new Configuration().setString(ExecutionOptions.DEFAULT_PARALLELISM.key(), "many");
        assertThatThrownBy(() -> StreamExecutionEnvironment.getExecutionEnvironment(conf))
                .hasMessageContaining("parallelism.default")
                .hasMessageContaining("many");
    }
}
