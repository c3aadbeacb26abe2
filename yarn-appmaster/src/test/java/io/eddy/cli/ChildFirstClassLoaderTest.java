package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChildFirstClassLoaderTest {

    @Test
    void frameworkAndJdkClassesComeFromTheParent() {
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.streaming.api.datastream.StreamExecutionEnvironment")).isTrue();
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.api.common.functions.MapFunction")).isTrue();
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.runtime.tasks.Task")).isTrue();
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.yarn.executor.YarnExecutorFactory")).isTrue();
        assertThat(ChildFirstClassLoader.isParentFirst("java.lang.String")).isTrue();
        assertThat(ChildFirstClassLoader.isParentFirst("org.slf4j.Logger")).isTrue();
    }

    @Test
    void jobClassesInOtherEddyPackagesComeFromTheJar() {
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.examples.statemachine.StateMachineDemo")).isFalse();
        assertThat(ChildFirstClassLoader.isParentFirst("io.eddy.apps.MyJob")).isFalse();
        assertThat(ChildFirstClassLoader.isParentFirst("com.example.MyJob")).isFalse();
    }
}
