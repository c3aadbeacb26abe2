package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cross against a reference, buffering either input: in memory, and with the buffered input
 * spilling and the streamed input crossed block by block (several passes over the spill file).
 * The function damages its arguments, so an object shared between two calls shows up as a wrong
 * result.
 */
class CrossOperatorTest extends DriverTestBase {

    static final class Pairing implements CrossFunction<Tuple2<Integer, String>, Tuple2<Integer, Long>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String cross(Tuple2<Integer, String> first, Tuple2<Integer, Long> second) {
            String result = pair(first, second);
            first.f1 = "DAMAGED:";
            second.f1 = -1L;
            return result;
        }
    }

    static List<String> reference(List<Tuple2<Integer, String>> left, List<Tuple2<Integer, Long>> right) {
        List<String> out = new ArrayList<>(left.size() * right.size());
        for (Tuple2<Integer, String> l : left) {
            for (Tuple2<Integer, Long> r : right) {
                out.add(pair(l, r));
            }
        }
        return out;
    }


    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void inMemory(int bufferedInput) {
        List<Tuple2<Integer, String>> left = leftRecords(41, 40, 0, 10, 5);
        List<Tuple2<Integer, Long>> right = rightRecords(42, 70, 0, 10);

        Run run = run(descriptor(new BatchKinds.Cross(bufferedInput), new Pairing(), 32), left, right);

        assertSameElements(run.output(), reference(left, right));
        assertThat(((CrossOperator<?, ?, ?>) run.operator()).bufferSpilled()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void bufferedInputSpills(int bufferedInput) {
        // 8 pages: a buffer of 4 (2 hold records, 8 KiB) and a block of 4 (16 KiB); the inputs are ~26 and ~18 KiB.
        List<Tuple2<Integer, String>> left = leftRecords(43, 120, 0, 10, 210);
        List<Tuple2<Integer, Long>> right = rightRecords(44, 1_500, 0, 10);

        Run run = run(descriptor(new BatchKinds.Cross(bufferedInput), new Pairing(), 8), left, right);

        assertSameElements(run.output(), reference(left, right));
        CrossOperator<?, ?, ?> cross = (CrossOperator<?, ?, ?>) run.operator();
        assertThat(cross.bufferSpilled()).as("buffer spilled").isTrue();
        assertThat(cross.blockPasses()).as("passes over the spilled buffer").isGreaterThan(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void emptyInputs(int bufferedInput) {
        List<Tuple2<Integer, String>> left = leftRecords(45, 20, 0, 10, 5);

        assertThat(run(descriptor(new BatchKinds.Cross(bufferedInput), new Pairing(), 8), left, List.of()).output()).isEmpty();
        assertThat(run(descriptor(new BatchKinds.Cross(bufferedInput), new Pairing(), 8), List.of(), rightRecords(46, 20, 0, 5))
                .output()).isEmpty();
    }
}
