package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.co.CoMapFunction;

/**
 * {@code CO_MAP}: input 0 goes through {@code map1}, input 1 through {@code map2}. With two key
 * selectors in the descriptor (connected keyed streams) the record's key becomes the current key
 * of the keyed state first.
 */
public final class CoMapOperator<IN1, IN2, OUT> extends TwoInputOperator<IN1, IN2, OUT> {

    private final CoMapFunction<IN1, IN2, OUT> function;
    private final boolean keyed;
    private KeySelector<IN1, Object> keySelector1;
    private KeySelector<IN2, Object> keySelector2;
    private final StreamRecord<OUT> reuse = new StreamRecord<>(null);

    @SuppressWarnings("unchecked")
    public CoMapOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, CoMapFunction.class), CoFlatMapOperator.isKeyed(descriptor));
    }

    private CoMapOperator(CoMapFunction<IN1, IN2, OUT> function, boolean keyed) {
        super(function);
        this.function = function;
        this.keyed = keyed;
    }

    @Override
    public void open() throws Exception {
        if (keyed) {
            keySelector1 = keySelector(0);
            keySelector2 = keySelector(1);
        }
        super.open();
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        IN1 value = record.getValue();
        if (keyed) {
            setCurrentKeyOf(record, keySelector1);
        }
        reuse.setTimestampFrom(record);
        output.collect(reuse.replace(function.map1(value)));
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        IN2 value = record.getValue();
        if (keyed) {
            setCurrentKeyOf(record, keySelector2);
        }
        reuse.setTimestampFrom(record);
        output.collect(reuse.replace(function.map2(value)));
    }
}
