package io.eddy.master.embedded;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.functions.KeyedProcessFunction;

/** Counts the records of each key in value state and emits (key, count so far) per record: the checkpoint tests' stateful step. */
public final class CountPerKey extends KeyedProcessFunction<Long, Long, Tuple2<Long, Long>> {

    private static final long serialVersionUID = 1L;

    private transient ValueState<Long> count;

    @Override
    public void open() {
        count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
    }

    @Override
    public void processElement(Long value, Context ctx, Collector<Tuple2<Long, Long>> out) throws Exception {
        Long c = count.value();
        long updated = (c == null ? 0 : c) + 1;
        count.update(updated);
        out.collect(Tuple2.of(ctx.getCurrentKey(), updated));
    }
}
