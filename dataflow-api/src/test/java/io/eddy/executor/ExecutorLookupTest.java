package io.eddy.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.Configuration;
import org.junit.jupiter.api.Test;

/** How the execution target is chosen: explicitly, under {@code yarn jar}, or by default. */
class ExecutorLookupTest {

    private static final String YARN_JAR = "org.apache.hadoop.util.RunJar /home/alice/wordcount.jar hdfs:///in hdfs:///out";

    @Test
    void underYarnJarWithoutAnExplicitTargetTheTargetIsYarn() {
        assertThat(ExecutorLookup.target(new Configuration(), YARN_JAR)).isEqualTo("yarn");
        assertThat(ExecutorLookup.target(new Configuration(), "org.apache.hadoop.util.RunJar")).isEqualTo("yarn");
    }

    @Test
    void anExplicitTargetWinsOverYarnJar() {
        Configuration embedded = new Configuration().set(ExecutionOptions.TARGET, "embedded");
        assertThat(ExecutorLookup.target(embedded, YARN_JAR)).isEqualTo("embedded");
        Configuration session = new Configuration().set(ExecutionOptions.TARGET, "yarn-session");
        assertThat(ExecutorLookup.target(session, YARN_JAR)).isEqualTo("yarn-session");
    }

    @Test
    void otherLaunchersGetTheDefaultTarget() {
        assertThat(ExecutorLookup.target(new Configuration(), "com.example.WordCount --input in.txt")).isEqualTo("embedded");
        assertThat(ExecutorLookup.target(new Configuration(), "org.apache.hadoop.util.RunJarLike app.jar")).isEqualTo("embedded");
        assertThat(ExecutorLookup.target(new Configuration(), "")).isEqualTo("embedded");
        assertThat(ExecutorLookup.target(new Configuration(), null)).isEqualTo("embedded");
    }

    @Test
    void theTargetOfThisJvmIsTheDefaultSinceSurefireIsNotRunJar() {
        assertThat(ExecutorLookup.target(new Configuration())).isEqualTo(ExecutionOptions.TARGET.defaultValue());
    }
}
