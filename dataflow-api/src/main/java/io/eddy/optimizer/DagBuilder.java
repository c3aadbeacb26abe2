package io.eddy.optimizer;

import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.operators.DualInputOperator;
import io.eddy.api.common.operators.FilterOperatorBase;
import io.eddy.api.common.operators.FlatMapOperatorBase;
import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.GroupCombineOperatorBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.MapOperatorBase;
import io.eddy.api.common.operators.MapPartitionOperatorBase;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SingleInputOperator;
import io.eddy.api.common.operators.SortPartitionOperatorBase;
import io.eddy.api.common.operators.Union;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 1: builds the optimizer DAG from a {@link Plan}: one {@link OptNode} per plan operator
 * except unions and partition operators, which become channels (see {@code docs/optimizer.md},
 * "Translating the plan"); the kind and the key parameters of each node; its parallelism; and its
 * size estimates ({@link SizeEstimator}).
 */
final class DagBuilder {

    /** Where a logical input's records come from once unions and partition operators are resolved. */
    private record Origin(OptNode node, ShipStrategy requestedShip, KeySpec requestedKeys) {}

    private final Plan plan;
    private final Dag dag;
    private final Map<LogicalOperator<?>, OptNode> nodeOf = new IdentityHashMap<>();
    /** Per range partition operator and consumer parallelism, the node its consumers read ({@link RangePartitions}). */
    private final Map<LogicalOperator<?>, Map<Integer, OptNode>> rangeOf = new IdentityHashMap<>();

    private DagBuilder(Plan plan) {
        this.plan = plan;
        this.dag = new Dag(plan);
    }

    static Dag build(Plan plan) {
        DagBuilder builder = new DagBuilder(plan);
        for (LogicalOperator<?> op : plan.getOperators()) {
            if (!(op instanceof Union<?>) && !(op instanceof PartitionOperatorBase<?>)) {
                builder.addNode(op);
            }
        }
        builder.dag.renumber();
        return builder.dag;
    }

    private void addNode(LogicalOperator<?> op) {
        if (SelectorKeys.applies(op)) {
            OptNode last = SelectorKeys.rewrite(op, rewriteBuilder());
            OptNode driver = dag.nodes().stream().filter(n -> n.origin() == op).findFirst().orElseThrow();
            addBroadcastInputs(op, driver);
            nodeOf.put(op, last);
            return;
        }
        OptNode node = NodeFactory.create(dag.nodes().size(), op);
        node.setParallelism(parallelismOf(op, node));
        List<PlanInput<?>> inputs = planInputs(op);
        for (int i = 0; i < inputs.size(); i++) {
            for (Origin origin : resolve(inputs.get(i).operator(), node.parallelism())) {
                node.inputs().add(new Channel(origin.node(), i, inputs.get(i).type(), null, origin.requestedShip(), origin.requestedKeys()));
            }
        }
        addBroadcastInputs(op, node);
        SizeEstimator.estimate(node);
        nodeOf.put(op, node);
        dag.add(node);
    }

    /** How {@link SelectorKeys} and {@link RangePartitions} add their nodes to this DAG. */
    private SelectorKeys.Builder rewriteBuilder() {
        return new SelectorKeys.Builder() {
            @Override
            public void connect(OptNode node, int inputIndex, LogicalOperator<?> input, TypeInfo<?> type) {
                for (Origin origin : resolve(input, node.parallelism())) {
                    node.inputs().add(new Channel(origin.node(), inputIndex, type, null, origin.requestedShip(), origin.requestedKeys()));
                }
            }

            @Override
            public void append(OptNode node) {
                SizeEstimator.estimate(node);
                dag.add(node);
            }

            @Override
            public int parallelismOf(LogicalOperator<?> operator) {
                return operator.getParallelism() == OperatorInfo.DEFAULT_PARALLELISM ? plan.getDefaultParallelism() : operator.getParallelism();
            }
        };
    }

    private void addBroadcastInputs(LogicalOperator<?> op, OptNode node) {
        List<String> names = new ArrayList<>(op.getBroadcastInputs().keySet());
        for (int i = 0; i < names.size(); i++) {
            LogicalOperator<?> input = op.getBroadcastInputs().get(names.get(i));
            for (Origin origin : resolve(input, node.parallelism())) {
                node.broadcastInputs().add(new Channel(origin.node(), BatchKinds.broadcastInput(i), input.getOutputType(), names.get(i), null, null));
            }
        }
        if (!names.isEmpty()) {
            node.params().put(BatchKinds.PARAM_BROADCAST_NAMES, names.toArray(new String[0]));
        }
    }

    private int parallelismOf(LogicalOperator<?> op, OptNode node) {
        boolean wholeInput = (BatchKinds.REDUCE.equals(node.kind()) || BatchKinds.GROUP_REDUCE.equals(node.kind()))
                && !node.params().containsKey(BatchKinds.PARAM_KEYS);
        if (wholeInput) {
            return 1;
        }
        return op.getParallelism() == OperatorInfo.DEFAULT_PARALLELISM ? plan.getDefaultParallelism() : op.getParallelism();
    }

    private static List<PlanInput<?>> planInputs(LogicalOperator<?> op) {
        if (op instanceof SingleInputOperator<?, ?> single) {
            return List.of(single.getInput());
        }
        if (op instanceof GenericDataSinkBase<?> sink) {
            return List.of(sink.getInput());
        }
        if (op instanceof DualInputOperator<?, ?, ?> dual) {
            return List.of(dual.getFirstInput(), dual.getSecondInput());
        }
        return List.of();
    }

    /**
     * The nodes feeding a logical input that reads {@code op}, for a consumer of {@code parallelism}:
     * through unions and partition operators (a range partition adds its nodes on first use).
     */
    private List<Origin> resolve(LogicalOperator<?> op, int parallelism) {
        if (op instanceof Union<?> union) {
            List<Origin> all = new ArrayList<>();
            for (LogicalOperator<?> input : union.getUnionInputs()) {
                all.addAll(resolve(input, parallelism));
            }
            return all;
        }
        if (op instanceof PartitionOperatorBase<?> partition && partition.getPartitionMethod() == PartitionMethod.RANGE) {
            OptNode strip = rangeOf.computeIfAbsent(op, k -> new HashMap<>()).get(parallelism);
            if (strip == null) {
                strip = RangePartitions.rewrite(partition, parallelism, plan.getSerializerConfig(), rewriteBuilder());
                rangeOf.get(op).put(parallelism, strip);
            }
            return List.of(new Origin(strip, null, null));
        }
        if (op instanceof PartitionOperatorBase<?> partition) {
            List<Origin> result = new ArrayList<>();
            for (Origin o : resolve(partition.getInput().operator(), parallelism)) {
                if (partition.getPartitionMethod() == PartitionMethod.HASH) {
                    KeySpec keys = KeyTranslation.of(partition.getKeys(), partition.getInputType(), partition.getName());
                    result.add(new Origin(o.node(), ShipStrategy.HASH, keys));
                } else {
                    result.add(new Origin(o.node(), ShipStrategy.REBALANCE, null));
                }
            }
            return result;
        }
        OptNode node = nodeOf.get(op);
        if (node == null) {
            throw new IllegalStateException("Bug: operator " + op + " is read before it was translated");
        }
        return List.of(new Origin(node, null, null));
    }

    /** Creates the node of one plan operator: kind, function, types, key parameters. */
    static final class NodeFactory {

        private NodeFactory() {}

        static OptNode create(int id, LogicalOperator<?> op) {
            String kind = kindOf(op);
            List<TypeInfo<?>> inputTypes = planInputs(op).stream().<TypeInfo<?>>map(PlanInput::type).toList();
            io.eddy.api.common.operators.SemanticProperties props = op instanceof SingleInputOperator<?, ?> s ? s.getSemanticProperties()
                    : op instanceof DualInputOperator<?, ?, ?> d ? d.getSemanticProperties() : null;
            OptNode node = new OptNode(id, op.getName(), kind, op, op.getUserFunction(), op.getOutputType(), inputTypes, props);
            addParams(op, node);
            return node;
        }

        private static String kindOf(LogicalOperator<?> op) {
            if (op instanceof GenericDataSourceBase<?>) {
                return BatchKinds.BATCH_SOURCE;
            } else if (op instanceof GenericDataSinkBase<?> sink) {
                return sink.getFormat() instanceof CollectOutputFormat<?> ? OperatorKinds.COLLECT_SINK : BatchKinds.BATCH_SINK;
            } else if (op instanceof MapOperatorBase<?, ?>) {
                return OperatorKinds.MAP;
            } else if (op instanceof FlatMapOperatorBase<?, ?>) {
                return OperatorKinds.FLAT_MAP;
            } else if (op instanceof FilterOperatorBase<?>) {
                return OperatorKinds.FILTER;
            } else if (op instanceof MapPartitionOperatorBase<?, ?>) {
                return BatchKinds.MAP_PARTITION;
            } else if (op instanceof ReduceOperatorBase<?>) {
                return BatchKinds.REDUCE;
            } else if (op instanceof GroupReduceOperatorBase<?, ?>) {
                return BatchKinds.GROUP_REDUCE;
            } else if (op instanceof GroupCombineOperatorBase<?, ?>) {
                return BatchKinds.GROUP_COMBINE;
            } else if (op instanceof SortPartitionOperatorBase<?>) {
                return BatchKinds.SORT_PARTITION;
            } else if (op instanceof JoinOperatorBase<?, ?, ?>) {
                return BatchKinds.JOIN;
            } else if (op instanceof CoGroupOperatorBase<?, ?, ?>) {
                return BatchKinds.CO_GROUP;
            } else if (op instanceof CrossOperatorBase<?, ?, ?>) {
                return BatchKinds.CROSS;
            }
            throw new IllegalArgumentException("Operator '" + op.getName() + "' (" + op.getClass().getSimpleName()
                    + ") cannot be compiled by the batch optimizer: it knows no runtime operator for it");
        }

        private static void addParams(LogicalOperator<?> op, OptNode node) {
            Map<String, java.io.Serializable> params = node.params();
            if (op instanceof GenericDataSourceBase<?> source) {
                params.put(BatchKinds.PARAM_INPUT_FORMAT, source.getFormat());
            } else if (op instanceof GenericDataSinkBase<?> sink) {
                if (sink.getFormat() instanceof CollectOutputFormat<?> collect) {
                    params.put(OperatorKinds.PARAM_COLLECT_ID, collect.collectId());
                } else {
                    params.put(BatchKinds.PARAM_OUTPUT_FORMAT, sink.getFormat());
                }
            } else if (op instanceof SortPartitionOperatorBase<?> sort) {
                params.put(BatchKinds.PARAM_KEYS, KeyTranslation.of(sort.getOrdering(), sort.getInputType(), op.getName()));
            } else if (op instanceof SingleInputOperator<?, ?> single && single.getKeys() != null) {
                params.put(BatchKinds.PARAM_KEYS, KeyTranslation.of(single.getKeys(), single.getInputType(), op.getName()));
                if (single.getGroupOrder() != null && !single.getGroupOrder().isEmpty()) {
                    params.put(BatchKinds.PARAM_GROUP_ORDER, KeyTranslation.of(single.getGroupOrder(), single.getInputType(), op.getName()));
                }
            } else if (op instanceof DualInputOperator<?, ?, ?> dual && dual.getKeys1() != null) {
                params.put(BatchKinds.PARAM_KEYS, KeyTranslation.of(dual.getKeys1(), dual.getFirstInput().type(), op.getName()));
                params.put(BatchKinds.PARAM_KEYS_2, KeyTranslation.of(dual.getKeys2(), dual.getSecondInput().type(), op.getName()));
            }
            if (op instanceof JoinOperatorBase<?, ?, ?> join) {
                params.put(BatchKinds.PARAM_JOIN_TYPE, BatchKinds.JoinType.valueOf(join.getJoinType().name()));
            }
            node.setConsumesMemory(MemoryAssigner.consumesMemory(node.kind()));
        }
    }
}
