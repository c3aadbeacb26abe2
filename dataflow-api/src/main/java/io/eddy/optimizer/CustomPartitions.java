package io.eddy.optimizer;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.typeinfo.BasicTypeInfo;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.optimizer.functions.CustomPartitioning;
import io.eddy.optimizer.functions.ValueExtractor;
import java.util.List;

/**
 * Translates {@code partitionCustom} on input X for a consumer of parallelism p (see {@code
 * docs/optimizer.md}, "Translating the plan"): X → map "Custom assign" (X's parallelism, chained to
 * X: the user's partitioner over the record's key; emits {@code Tuple2<index, record>}) → {@code PARTITION_BY_INDEX}
 * → map "Custom strip" (parallelism p, chained into the consumer) → the consumer.
 */
final class CustomPartitions {

    private CustomPartitions() {}

    /** Adds the nodes for {@code partition} read at {@code parallelism}; returns the strip map, which the consumer reads. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static OptNode rewrite(PartitionOperatorBase<?> partition, int parallelism, SelectorKeys.Builder builder) {
        String name = partition.getName();
        TypeInfo type = partition.getInputType();
        TypeInfo<?> tagged = new TupleTypeInfo(Tuple2.class, BasicTypeInfo.INT_TYPE_INFO, type);
        OptNode assign = new OptNode(-1, "Custom assign (" + name + ")", OperatorKinds.MAP, null,
                new CustomPartitioning.Assigner<>((Partitioner) partition.getPartitioner(), (KeySelector) partition.getPartitionKey(), parallelism,
                        name),
                tagged, List.of(type), null);
        // At the input's parallelism, so that it chains to the input and each producer routes its own records.
        assign.setParallelism(builder.parallelismOf(partition.getInput().operator()));
        builder.connect(assign, 0, partition.getInput().operator(), type);
        builder.append(assign);

        OptNode strip = new OptNode(-1, "Custom strip (" + name + ")", OperatorKinds.MAP, null, new ValueExtractor<>(), type, List.of(tagged), null);
        strip.setParallelism(parallelism);
        strip.inputs().add(new Channel(assign, 0, tagged, null, ShipStrategy.PARTITION_BY_INDEX, null));
        builder.append(strip);
        return strip;
    }
}
