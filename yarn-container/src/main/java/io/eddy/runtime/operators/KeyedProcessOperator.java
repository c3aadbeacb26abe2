package io.eddy.runtime.operators;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.KeyedProcessFunction;

/**
 * {@code KEYED_PROCESS}: a {@link KeyedProcessFunction}. Before each record the operator extracts
 * the record's key and makes it the current key of the keyed state, so the function's state is
 * that of the record's key.
 */
public final class KeyedProcessOperator<K, IN, OUT> extends OneInputOperator<IN, OUT> {

    private final KeyedProcessFunction<K, IN, OUT> function;
    private KeySelector<IN, Object> keySelector;
    private TimestampedCollector<OUT> collector;
    private KeyedProcessFunction<K, IN, OUT>.Context processContext;
    // The record being processed and its key; read by the context during processElement only.
    private StreamRecord<IN> current;
    private K currentKey;

    @SuppressWarnings("unchecked")
    public KeyedProcessOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, KeyedProcessFunction.class));
        if (descriptor.keySelectors().size() != 1) {
            throw new IllegalArgumentException("Bug: a keyedProcess operator needs one key selector, its descriptor has "
                    + descriptor.keySelectors().size());
        }
    }

    private KeyedProcessOperator(KeyedProcessFunction<K, IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        keySelector = keySelector(0);
        collector = new TimestampedCollector<>(output);
        processContext = function.new Context() {
            @Override
            public Long timestamp() {
                return current == null ? null : current.getTimestampOrNull();
            }

            @Override
            public K getCurrentKey() {
                return currentKey;
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                collector.collect(outputTag, value);
            }
        };
        super.open();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        Object key = keyOf(record, keySelector);
        setCurrentKey(key);
        current = record;
        currentKey = (K) key;
        collector.setTimestampFrom(record);
        function.processElement(value, processContext, collector);
        current = null;
    }
}
