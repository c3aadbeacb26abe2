package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorKinds;
import java.util.Map;

/** The operators of every kind in {@link OperatorKinds}. */
public final class BuiltinOperatorProvider implements OperatorProvider {

    @Override
    public Map<String, Creator> operators() {
        return Map.ofEntries(
                Map.entry(OperatorKinds.SOURCE, descriptor -> ReaderSourceOperator.holdsReaderSource(descriptor)
                        ? new ReaderSourceOperator<>(descriptor) : new SourceOperator<>(descriptor)),
                Map.entry(OperatorKinds.MAP, MapOperator::new),
                Map.entry(OperatorKinds.FLAT_MAP, FlatMapOperator::new),
                Map.entry(OperatorKinds.FILTER, FilterOperator::new),
                Map.entry(OperatorKinds.PROCESS, ProcessOperator::new),
                Map.entry(OperatorKinds.KEYED_PROCESS, KeyedProcessOperator::new),
                Map.entry(OperatorKinds.KEYED_REDUCE, KeyedReduceOperator::new),
                Map.entry(OperatorKinds.WINDOW, io.eddy.runtime.operators.windowing.WindowOperators::create),
                Map.entry(OperatorKinds.CO_MAP, CoMapOperator::new),
                Map.entry(OperatorKinds.CO_FLAT_MAP, CoFlatMapOperator::new),
                Map.entry(OperatorKinds.TIMESTAMPS_WATERMARKS, TimestampsAndWatermarksOperator::new),
                Map.entry(OperatorKinds.SINK, SinkOperator::new),
                Map.entry(OperatorKinds.COLLECT_SINK, CollectSinkOperator::new));
    }
}
