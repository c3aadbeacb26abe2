package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.configuration.Configuration;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecuteTest {

    @TempDir
    Path dir;

    private ClassLoader originalLoader;
    private URLClassLoader serviceLoader;

    @BeforeEach
    void installFakeExecutor() throws IOException {
        FakeExecutorFactory.reset();
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve("io.eddy.executor.PipelineExecutorFactory"), FakeExecutorFactory.class.getName() + "\n");
        originalLoader = Thread.currentThread().getContextClassLoader();
        serviceLoader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
        Thread.currentThread().setContextClassLoader(serviceLoader);
    }

    @AfterEach
    void restore() throws IOException {
        Thread.currentThread().setContextClassLoader(originalLoader);
        serviceLoader.close();
    }

    private static StreamExecutionEnvironment fakeEnv() {
        Configuration conf = new Configuration().set(ExecutionOptions.TARGET, FakeExecutorFactory.TARGET)
                .set(ExecutionOptions.USER_JARS, "a.jar, ,b.jar");
        return StreamExecutionEnvironment.getExecutionEnvironment(conf).setParallelism(2);
    }

    private static byte[] batch(long... values) throws IOException {
        TypeSerializer<Long> serializer = TypeInfo.of(Long.class).createSerializer(new SerializerConfig());
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (long v : values) {
            serializer.serialize(v, out);
        }
        return out.getCopyOfBuffer();
    }

    @Test
    void withoutAnExecutorTheErrorSaysWhichDependencyToAdd() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.generateSequence(1, 2).print();
        assertThatThrownBy(env::execute).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("No executor for target 'embedded' on the class path: add the io.eddy:yarn-appmaster dependency "
                        + "(runtime scope) to run jobs embedded");
    }

    @Test
    void executeSubmitsTheJobGraphWithTheUserJarsAndClearsThePlan() throws Exception {
        StreamExecutionEnvironment env = fakeEnv();
        env.generateSequence(1, 2).print();
        JobExecutionResult result = env.execute("my job");
        assertThat(result.getNetRuntime()).isEqualTo(7);
        assertThat(FakeExecutorFactory.submitted.name()).isEqualTo("my job");
        assertThat(FakeExecutorFactory.submittedJars).containsExactly(Paths.get("a.jar"), Paths.get("b.jar"));
        assertThat(env.getTransformations()).isEmpty();
    }

    @Test
    void aFailedJobThrowsTheJobExecutionExceptionUnwrapped() {
        JobExecutionException failure = new JobExecutionException(new JobId(1, 2), "boom in Map (1/2)", new IllegalStateException("boom"));
        FakeExecutorFactory.failure = failure;
        StreamExecutionEnvironment env = fakeEnv();
        env.generateSequence(1, 2).print();
        assertThatThrownBy(env::execute).isSameAs(failure);
    }

    @Test
    void executeAndCollectReadsAllBatchesThroughACollectSink() throws Exception {
        FakeExecutorFactory.batches = List.of(batch(1, 2), batch(), batch(3));
        StreamExecutionEnvironment env = fakeEnv();
        List<Long> values = new ArrayList<>();
        try (CloseableIterator<Long> it = env.generateSequence(1, 3).executeAndCollect()) {
            it.forEachRemaining(values::add);
            assertThat(it.hasNext()).isFalse();
        }
        assertThat(values).containsExactly(1L, 2L, 3L);
        assertThat(FakeExecutorFactory.streamClosed).isTrue();

        JobVertex vertex = FakeExecutorFactory.submitted.vertices().get(0);
        assertThat(vertex.name()).isEqualTo("Source: Sequence Source -> Sink: Collect Sink");
        OperatorSpec sink = vertex.chain().get(1);
        assertThat(sink.kind()).isEqualTo(OperatorKinds.CollectSink.NAME);
        OperatorDescriptor d = sink.descriptor(getClass().getClassLoader());
        assertThat(d.userFunction()).isNull();
        assertThat(d.inputTypes()).containsExactly(TypeInfo.of(Long.class));
        assertThat(((OperatorKinds.CollectSink) d.kind()).collectId()).isNotBlank();
    }

    @Test
    void executeAndCollectWithALimitStopsEarly() throws Exception {
        FakeExecutorFactory.batches = List.of(batch(1, 2, 3, 4));
        assertThat(fakeEnv().generateSequence(1, 4).executeAndCollect(2)).containsExactly(1L, 2L);
        assertThat(FakeExecutorFactory.streamClosed).isTrue();
    }

    @Test
    void aJobFailureSurfacesFromTheIterator() throws Exception {
        JobExecutionException failure = new JobExecutionException(new JobId(1, 2), "boom", new IllegalStateException("boom"));
        FakeExecutorFactory.batches = List.of(batch(1));
        FakeExecutorFactory.failure = failure;
        try (CloseableIterator<Long> it = fakeEnv().generateSequence(1, 4).executeAndCollect()) {
            assertThat(it.next()).isEqualTo(1L);
            assertThatThrownBy(it::hasNext).isInstanceOf(RuntimeException.class).hasCause(failure);
        }
    }
}
