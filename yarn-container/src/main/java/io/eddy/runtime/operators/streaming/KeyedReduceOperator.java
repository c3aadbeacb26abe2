package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * {@code KEYED_REDUCE}, rolling: keeps the running result of each key in keyed {@link ValueState}
 * and emits it after every record (the first record of a key is emitted as it is).
 */
public final class KeyedReduceOperator<T> extends OneInputOperator<T, T> {

    /** The name of the keyed state holding the running result. */
    public static final String STATE_NAME = "_keyedReduce";

    private final ReduceFunction<T> function;
    private final TypeInfo<T> valueType;
    private KeySelector<T, Object> keySelector;
    private ValueState<T> running;
    private final StreamRecord<T> reuse = new StreamRecord<>(null);

    @SuppressWarnings("unchecked")
    public KeyedReduceOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, ReduceFunction.class), (TypeInfo<T>) descriptor.inputTypes().get(0));
        if (descriptor.keySelectors().size() != 1) {
            throw new IllegalArgumentException("Bug: a keyedReduce operator needs one key selector, its descriptor has "
                    + descriptor.keySelectors().size());
        }
    }

    private KeyedReduceOperator(ReduceFunction<T> function, TypeInfo<T> valueType) {
        super(function);
        this.function = function;
        this.valueType = valueType;
    }

    @Override
    public void open() throws Exception {
        keySelector = keySelector(0);
        running = getKeyedStateBackend().getState(new ValueStateDescriptor<>(STATE_NAME, valueType));
        super.open();
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        T value = record.getValue();
        setCurrentKeyOf(record, keySelector);
        T previous = running.value();
        T result = previous == null ? value : function.reduce(previous, value);
        running.update(result);
        reuse.setTimestampFrom(record);
        output.collect(reuse.replace(result));
    }
}
