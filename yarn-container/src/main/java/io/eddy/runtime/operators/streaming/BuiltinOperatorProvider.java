package io.eddy.runtime.operators.streaming;

import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;
import io.eddy.runtime.operators.streaming.CoFlatMapOperator;
import io.eddy.runtime.operators.streaming.CoMapOperator;
import io.eddy.runtime.operators.streaming.CollectSinkOperator;
import io.eddy.runtime.operators.streaming.FilterOperator;
import io.eddy.runtime.operators.streaming.FlatMapOperator;
import io.eddy.runtime.operators.streaming.KeyedProcessOperator;
import io.eddy.runtime.operators.streaming.KeyedReduceOperator;
import io.eddy.runtime.operators.streaming.MapOperator;
import io.eddy.runtime.operators.streaming.ProcessOperator;
import io.eddy.runtime.operators.streaming.ReaderSourceOperator;
import io.eddy.runtime.operators.streaming.SinkOperator;
import io.eddy.runtime.operators.streaming.SourceOperator;
import io.eddy.runtime.operators.streaming.TimestampsAndWatermarksOperator;

/** The operators of the streaming kinds ({@link OperatorKinds}) but windows ({@code WindowOperatorProvider}). */
public final class BuiltinOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(OperatorKinds.Source.class, (descriptor, kind) -> ReaderSourceOperator.holdsReaderSource(descriptor)
                ? new ReaderSourceOperator<>(descriptor) : new SourceOperator<>(descriptor));
        registry.add(OperatorKinds.Map.class, (descriptor, kind) -> new MapOperator<>(descriptor));
        registry.add(OperatorKinds.FlatMap.class, (descriptor, kind) -> new FlatMapOperator<>(descriptor));
        registry.add(OperatorKinds.Filter.class, (descriptor, kind) -> new FilterOperator<>(descriptor));
        registry.add(OperatorKinds.Process.class, (descriptor, kind) -> new ProcessOperator<>(descriptor));
        registry.add(OperatorKinds.KeyedProcess.class, (descriptor, kind) -> new KeyedProcessOperator<>(descriptor));
        registry.add(OperatorKinds.KeyedReduce.class, (descriptor, kind) -> new KeyedReduceOperator<>(descriptor));
        registry.add(OperatorKinds.CoMap.class, (descriptor, kind) -> new CoMapOperator<>(descriptor));
        registry.add(OperatorKinds.CoFlatMap.class, (descriptor, kind) -> new CoFlatMapOperator<>(descriptor));
        registry.add(OperatorKinds.TimestampsAndWatermarks.class, TimestampsAndWatermarksOperator::new);
        registry.add(OperatorKinds.Sink.class, (descriptor, kind) -> new SinkOperator<>(descriptor));
        registry.add(OperatorKinds.CollectSink.class, CollectSinkOperator::new);
    }
}
