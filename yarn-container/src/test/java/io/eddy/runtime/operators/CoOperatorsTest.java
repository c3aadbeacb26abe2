package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.co.CoFlatMapFunction;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import org.junit.jupiter.api.Test;

class CoOperatorsTest {

    @Test
    void coMapRoutesInputZeroToMap1AndInputOneToMap2() {
        CoMapFunction<Integer, String, String> fn = new Tagging();
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.CO_MAP).userFunction(fn).inputType(Types.INT).inputType(Types.STRING)
                .outputType(Types.STRING).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(0, new StreamRecord<>(1)).process(1, new StreamRecord<>("x", 9L)).process(0, new StreamRecord<>(2));
            assertThat(h.records(0)).containsExactly(new StreamRecord<>("first 1"), new StreamRecord<>("second x", 9L),
                    new StreamRecord<>("first 2"));
        }
    }

    @Test
    void keyedCoFlatMapSharesStateOfAKeyAcrossBothInputs() {
        KeySelector<String, String> key1 = s -> s.split("=")[0];
        KeySelector<String, String> key2 = s -> s;
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.CO_FLAT_MAP).userFunction(new Enrich())
                .keySelector(key1).keySelector(key2).keyType(Types.STRING)
                .inputType(Types.STRING).inputType(Types.STRING).outputType(Types.STRING).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(0, new StreamRecord<>("fr=Paris")).process(0, new StreamRecord<>("de=Berlin"))
                    .process(1, new StreamRecord<>("de")).process(1, new StreamRecord<>("it")).process(1, new StreamRecord<>("fr"));
            assertThat(h.<String>output()).containsExactly("de -> Berlin", "fr -> Paris");
        }
    }

    static final class Tagging implements CoMapFunction<Integer, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map1(Integer value) {
            return "first " + value;
        }

        @Override
        public String map2(String value) {
            return "second " + value;
        }
    }

    /** Input 0 stores "key=value" in keyed state, input 1 looks the key up. */
    static final class Enrich extends AbstractRichFunction implements CoFlatMapFunction<String, String, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<String> stored;

        @Override
        public void open() {
            stored = getRuntimeContext().getState(new ValueStateDescriptor<>("stored", Types.STRING));
        }

        @Override
        public void flatMap1(String value, Collector<String> out) throws Exception {
            stored.update(value.split("=")[1]);
        }

        @Override
        public void flatMap2(String key, Collector<String> out) throws Exception {
            String value = stored.value();
            if (value != null) {
                out.collect(key + " -> " + value);
            }
        }
    }
}
