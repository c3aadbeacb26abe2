package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.TimestampedCollector;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.co.CoFlatMapFunction;

/**
 * {@code CO_FLAT_MAP}: input 0 goes through {@code flatMap1}, input 1 through {@code flatMap2}.
 * With two key selectors in the descriptor (connected keyed streams) the record's key becomes the
 * current key of the keyed state first.
 */
public final class CoFlatMapOperator<IN1, IN2, OUT> extends TwoInputOperator<IN1, IN2, OUT> {

    private final CoFlatMapFunction<IN1, IN2, OUT> function;
    private final boolean keyed;
    private KeySelector<IN1, Object> keySelector1;
    private KeySelector<IN2, Object> keySelector2;
    private TimestampedCollector<OUT> collector;

    @SuppressWarnings("unchecked")
    public CoFlatMapOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, CoFlatMapFunction.class), isKeyed(descriptor));
    }

    private CoFlatMapOperator(CoFlatMapFunction<IN1, IN2, OUT> function, boolean keyed) {
        super(function);
        this.function = function;
        this.keyed = keyed;
    }

    /** Whether a co-operator's descriptor is keyed: two key selectors, or none. */
    static boolean isKeyed(OperatorDescriptor descriptor) {
        int selectors = descriptor.keySelectors().size();
        if (selectors != 0 && selectors != 2) {
            throw new IllegalArgumentException("Bug: a " + descriptor.kind() + " operator needs no key selector or one per input, "
                    + "its descriptor has " + selectors);
        }
        return selectors == 2;
    }

    @Override
    public void open() throws Exception {
        if (keyed) {
            keySelector1 = keySelector(0);
            keySelector2 = keySelector(1);
        }
        collector = new TimestampedCollector<>(output);
        super.open();
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        IN1 value = record.getValue();
        if (keyed) {
            setCurrentKeyOf(record, keySelector1);
        }
        collector.setTimestampFrom(record);
        function.flatMap1(value, collector);
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        IN2 value = record.getValue();
        if (keyed) {
            setCurrentKeyOf(record, keySelector2);
        }
        collector.setTimestampFrom(record);
        function.flatMap2(value, collector);
    }
}
