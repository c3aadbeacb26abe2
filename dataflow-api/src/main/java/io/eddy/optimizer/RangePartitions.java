package io.eddy.optimizer;

import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.typeinfo.BasicTypeInfo;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.optimizer.functions.RangePartitioning;
import io.eddy.optimizer.functions.ValueExtractor;
import java.util.List;

/**
 * Translates {@code partitionByRange} on field keys K of input X for a consumer of parallelism p
 * (see {@code docs/optimizer.md}, "Translating the plan"): X → mapPartition "Range sample" →
 * groupReduce "Range boundaries" (parallelism 1) → broadcast variable {@link
 * RangePartitioning#BOUNDARIES} of a map "Range assign" over X (emits {@code Tuple2<index, record>})
 * → {@code PARTITION_BY_INDEX} → map "Range strip" (parallelism p) → the consumer. The assign map
 * reads its broadcast variable first, so its main input from X becomes {@code BLOCKING} in
 * {@link ExchangeModeChooser} (X is an ancestor of both).
 */
final class RangePartitions {

    private RangePartitions() {}

    /** Adds the nodes for {@code partition} read at {@code parallelism}; returns the strip map, which the consumer reads. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static OptNode rewrite(PartitionOperatorBase<?> partition, int parallelism, SerializerConfig config, SelectorKeys.Builder builder) {
        String name = partition.getName();
        TypeInfo type = partition.getInputType();
        KeySpec keys = KeyTranslation.of(partition.getKeys(), type, name);

        OptNode sample = new OptNode(-1, "Range sample (" + name + ")", BatchKinds.MAP_PARTITION, null,
                new RangePartitioning.Sampler<>(type, config), type, List.of(type), null);
        sample.setParallelism(parallelism);
        sample.setConsumesMemory(MemoryAssigner.consumesMemory(sample.kind()));
        builder.connect(sample, 0, partition.getInput().operator(), type);
        builder.append(sample);

        OptNode boundaries = new OptNode(-1, "Range boundaries (" + name + ")",
                new BatchKinds.GroupReduce(null, null, BatchKinds.LocalStrategy.NONE), null,
                new RangePartitioning.Boundaries<>(type, keys, config, parallelism), type, List.of(type), null);
        boundaries.setParallelism(1);
        boundaries.setConsumesMemory(MemoryAssigner.consumesMemory(boundaries.kind()));
        boundaries.inputs().add(new Channel(sample, 0, type, null, null, null));
        builder.append(boundaries);

        TypeInfo<?> tagged = new TupleTypeInfo(Tuple2.class, BasicTypeInfo.INT_TYPE_INFO, type);
        OptNode assign = new OptNode(-1, "Range assign (" + name + ")", OperatorKinds.MAP, null,
                new RangePartitioning.Assigner<>(type, keys, config), tagged, List.of(type), null);
        assign.setParallelism(parallelism);
        builder.connect(assign, 0, partition.getInput().operator(), type);
        assign.broadcastInputs().add(new Channel(boundaries, 0, type, RangePartitioning.BOUNDARIES, null, null));
        assign.setBroadcastNames(List.of(RangePartitioning.BOUNDARIES));
        builder.append(assign);

        OptNode strip = new OptNode(-1, "Range strip (" + name + ")", OperatorKinds.MAP, null, new ValueExtractor<>(), type,
                List.of(tagged), null);
        strip.setParallelism(parallelism);
        strip.inputs().add(new Channel(assign, 0, tagged, null, ShipStrategy.PARTITION_BY_INDEX, null));
        builder.append(strip);
        return strip;
    }
}
