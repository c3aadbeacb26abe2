package io.eddy.api.common.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputSplitAssignerTest {

    private static FileInputSplit split(int n, String... hosts) {
        return new FileInputSplit(n, "hdfs://nn/f", n * 100L, 100, hosts);
    }

    @Test
    void localSplitsFirstThenRemoteInCreationOrder() {
        LocatableInputSplitAssigner assigner = new LocatableInputSplitAssigner(new FileInputSplit[] {
            split(0, "a"), split(1, "b"), split(2, "a", "c"), split(3, "B"), split(4)});
        assertThat(assigner.getNextInputSplit("b", 0).getSplitNumber()).isEqualTo(1);
        assertThat(assigner.getNextInputSplit("A", 1).getSplitNumber()).isEqualTo(0);
        assertThat(assigner.getNextInputSplit("c", 2).getSplitNumber()).isEqualTo(2);
        // No split left on "a": a remote one, the earliest remaining.
        assertThat(assigner.getNextInputSplit("a", 1).getSplitNumber()).isEqualTo(3);
        assertThat(assigner.getNextInputSplit(null, 0).getSplitNumber()).isEqualTo(4);
        assertThat(assigner.getNextInputSplit("b", 0)).isNull();
        assertThat(assigner.getNumberOfLocalAssignments()).isEqualTo(3);
        assertThat(assigner.getNumberOfRemoteAssignments()).isEqualTo(2);
    }

    @Test
    void aSplitLocalToSeveralHostsIsHandedOutOnce() {
        LocatableInputSplitAssigner assigner = new LocatableInputSplitAssigner(new FileInputSplit[] {
            split(0, "a", "b"), split(1, "a", "b")});
        List<Integer> got = new ArrayList<>();
        got.add(assigner.getNextInputSplit("a", 0).getSplitNumber());
        got.add(assigner.getNextInputSplit("b", 1).getSplitNumber());
        assertThat(got).containsExactly(0, 1);
        assertThat(assigner.getNextInputSplit("a", 0)).isNull();
        assertThat(assigner.getNextInputSplit("b", 1)).isNull();
    }

    @Test
    void returnedSplitsAreHandedOutAgainLocally() {
        FileInputSplit s0 = split(0, "a");
        FileInputSplit s1 = split(1, "b");
        LocatableInputSplitAssigner assigner = new LocatableInputSplitAssigner(new FileInputSplit[] {s0, s1});
        assertThat(assigner.getNextInputSplit("a", 0)).isEqualTo(s0);
        assertThat(assigner.getNextInputSplit("a", 0)).isEqualTo(s1);
        assigner.returnInputSplits(List.of(s0, s1), 0);
        assertThat(assigner.getNumberOfRemainingSplits()).isEqualTo(2);
        assertThat(assigner.getNextInputSplit("b", 1)).isEqualTo(s1);
        assertThat(assigner.getNextInputSplit("x", 1)).isEqualTo(s0);
        assertThat(assigner.getNextInputSplit("x", 1)).isNull();
    }

    @Test
    void defaultAssignerIsFifoAndTakesReturnsBack() {
        GenericInputSplit[] splits = {new GenericInputSplit(0, 3), new GenericInputSplit(1, 3), new GenericInputSplit(2, 3)};
        DefaultInputSplitAssigner assigner = new DefaultInputSplitAssigner(splits);
        assertThat(assigner.getNextInputSplit("h", 0)).isEqualTo(splits[0]);
        assertThat(assigner.getNextInputSplit(null, 1)).isEqualTo(splits[1]);
        assigner.returnInputSplits(List.of(splits[0]), 0);
        assertThat(assigner.getNextInputSplit("h", 2)).isEqualTo(splits[2]);
        assertThat(assigner.getNextInputSplit("h", 2)).isEqualTo(splits[0]);
        assertThat(assigner.getNextInputSplit("h", 2)).isNull();
    }
}
