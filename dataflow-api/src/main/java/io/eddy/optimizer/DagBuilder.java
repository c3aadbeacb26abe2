package io.eddy.optimizer;

import io.eddy.api.common.operators.BulkIterationBase;
import io.eddy.api.common.operators.CoGroupOperatorBase;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.operators.DeltaIterationBase;
import io.eddy.api.common.operators.DualInputOperator;
import io.eddy.api.common.operators.FilterOperatorBase;
import io.eddy.api.common.operators.FlatMapOperatorBase;
import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.GroupCombineOperatorBase;
import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.api.common.operators.IterationOperator;
import io.eddy.api.common.operators.IterationPlaceholder;
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
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.ShipStrategy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pass 1: builds the optimizer DAG from a {@link Plan}: one {@link OptNode} per plan operator
 * except unions and partition operators, which become channels (see {@code docs/optimizer.md},
 * "Translating the plan"); the kind and the key parameters of each node; its parallelism; and its
 * size estimates ({@link SizeEstimator}).
 */
final class DagBuilder {

    /** Where a logical input's records come from once unions and partition operators are resolved. */
    private record Origin(OptNode node, ShipStrategy requestedShip, KeySpec requestedKeys, String sideOutputTag) {
        Origin(OptNode node, ShipStrategy requestedShip, KeySpec requestedKeys) {
            this(node, requestedShip, requestedKeys, null);
        }
    }

    private final Plan plan;
    private final Dag dag;
    private final Map<LogicalOperator<?>, OptNode> nodeOf = new IdentityHashMap<>();
    /** Per range or custom partition operator and consumer parallelism, the node its consumers read ({@link RangePartitions}, {@link CustomPartitions}). */
    private final Map<LogicalOperator<?>, Map<Integer, OptNode>> rangeOf = new IdentityHashMap<>();
    /** The delta loop whose body is being translated, or null. */
    private DeltaIterationBase<?, ?> currentDelta;

    private DagBuilder(Plan plan) {
        this.plan = plan;
        this.dag = new Dag(plan);
    }

    static Dag build(Plan plan) {
        DagBuilder builder = new DagBuilder(plan);
        for (LogicalOperator<?> op : plan.getOperators()) {
            builder.translate(op);
        }
        builder.dag.renumber();
        return builder.dag;
    }

    /** Adds the node(s) of {@code op} unless it has them already (a loop body translates what it reads). */
    private void translate(LogicalOperator<?> op) {
        if (nodeOf.containsKey(op) || op instanceof Union<?> || op instanceof PartitionOperatorBase<?>) {
            return;
        }
        if (op instanceof BulkIterationBase<?> bulk) {
            addBulkIteration(bulk);
        } else if (op instanceof DeltaIterationBase<?, ?> delta) {
            addDeltaIteration(delta);
        } else if (readsSolutionSet(op)) {
            addSolutionSetReader((DualInputOperator<?, ?, ?>) op);
        } else {
            addNode(op);
        }
    }

    /**
     * A bulk loop (docs/iterations.md): a head node reading the initial partial solution, standing
     * for the partial-solution placeholder in the body; the body's operators (those not translated
     * yet, in plan order); a tail after the next partial solution and one after the termination
     * criterion. Readers of the loop's result read the head's {@link IterationKinds#RESULT_TAG}
     * side output. Which nodes belong to the loop is decided once all passes ran ({@link DagIteration#members}).
     */
    private void addBulkIteration(BulkIterationBase<?> it) {
        int parallelism = it.getParallelism() == OperatorInfo.DEFAULT_PARALLELISM ? plan.getDefaultParallelism() : it.getParallelism();
        String name = it.getName();
        TypeInfo<?> type = it.getOutputType();
        OptNode head = new OptNode(dag.nodes().size(), name, new IterationKinds.BulkHead(name), it, null, type, List.of(type), null);
        head.setParallelism(parallelism);
        for (Origin origin : resolve(it.getInput(), parallelism)) {
            head.inputs().add(new Channel(origin.node(), 0, type, null, origin.requestedShip(), origin.requestedKeys(), origin.sideOutputTag()));
        }
        SizeEstimator.estimate(head);
        dag.add(head);
        nodeOf.put(it.getPartialSolution(), head);
        for (LogicalOperator<?> op : bodyOperators(it)) {
            translate(op);
        }
        OptNode tail = tail(name + " (next partial solution)", new IterationKinds.BulkTail(name), it.getNextPartialSolution(), parallelism);
        OptNode criterion = it.getTerminationCriterion() == null ? null
                : tail(name + " (termination criterion)", new IterationKinds.TerminationTail(name), it.getTerminationCriterion(), parallelism);
        dag.addIteration(new DagIteration(it, IterationSpec.Kind.BULK, head, List.of(tail), criterion, List.of()));
        nodeOf.put(it, head);
    }

    /**
     * A delta loop (docs/iterations.md): a head node reading the initial solution set (input 0) and
     * the initial workset (input 1), standing for the workset placeholder in the body; the body's
     * operators, a join or co-group with the solution set becoming a node that reads its other input
     * only ({@link #addSolutionSetReader}); the solution-set delta's tail and the next workset's tail,
     * in that order (they feed head inputs 0 and 1). Every node bound to the lane's solution set has
     * the iteration's parallelism.
     */
    private void addDeltaIteration(DeltaIterationBase<?, ?> it) {
        int parallelism = it.getParallelism() == OperatorInfo.DEFAULT_PARALLELISM ? plan.getDefaultParallelism() : it.getParallelism();
        String name = it.getName();
        TypeInfo<?> solutionType = it.getInitialSolutionSet().getOutputType();
        TypeInfo<?> worksetType = it.getInitialWorkset().getOutputType();
        KeySpec keys = KeyTranslation.ofSolutionSetKeys(it.getSolutionSetKeys(), solutionType, name);
        OptNode head = new OptNode(dag.nodes().size(), name, new IterationKinds.DeltaHead(name, keys, it.isSolutionSetUnManaged()), it, null,
                worksetType, List.of(solutionType, worksetType), null);
        head.setParallelism(parallelism);
        head.setConsumesMemory(!it.isSolutionSetUnManaged());
        connect(head, 0, it.getInitialSolutionSet(), solutionType);
        head.inputs().forEach(Channel::markSolutionSet);
        connect(head, 1, it.getInitialWorkset(), worksetType);
        SizeEstimator.estimate(head);
        dag.add(head);
        nodeOf.put(it.getWorkset(), head);
        DeltaIterationBase<?, ?> outer = currentDelta;
        currentDelta = it;
        List<OptNode> solutionSetReaders = new ArrayList<>();
        int before = dag.nodes().size();
        for (LogicalOperator<?> op : bodyOperators(it)) {
            translate(op);
        }
        for (OptNode node : dag.nodes().subList(before, dag.nodes().size())) {
            if (node.kind() instanceof IterationKinds.SolutionSetJoin || node.kind() instanceof IterationKinds.SolutionSetCoGroup) {
                solutionSetReaders.add(node);
            }
        }
        currentDelta = outer;
        OptNode delta = tail(name + " (solution-set delta)", new IterationKinds.SolutionSetDeltaTail(name, keys), it.getSolutionSetDelta(), parallelism);
        OptNode workset = tail(name + " (next workset)", new IterationKinds.WorksetTail(name), it.getNextWorkset(), parallelism);
        dag.addIteration(new DagIteration(it, IterationSpec.Kind.DELTA, head, List.of(delta, workset), null, solutionSetReaders));
        nodeOf.put(it, head);
    }

    private void connect(OptNode node, int input, LogicalOperator<?> from, TypeInfo<?> type) {
        for (Origin origin : resolve(from, node.parallelism())) {
            node.inputs().add(new Channel(origin.node(), input, type, null, origin.requestedShip(), origin.requestedKeys(), origin.sideOutputTag()));
        }
    }

    /** Whether {@code op} joins or co-groups the solution set of the delta loop being translated. */
    private boolean readsSolutionSet(LogicalOperator<?> op) {
        return currentDelta != null && (op instanceof JoinOperatorBase<?, ?, ?> || op instanceof CoGroupOperatorBase<?, ?, ?>)
                && op.getInputs().contains(currentDelta.getSolutionSet());
    }

    /**
     * A join or co-group with the solution set: a node of the iteration's parallelism whose one
     * input is the operator's other side, hash-partitioned on its keys ({@link StrategyChooser}),
     * which reads the solution set of its lane by key. Plan-time rules ({@code IterationRules})
     * made sure the keys on the solution-set side are the iteration's.
     */
    private void addSolutionSetReader(DualInputOperator<?, ?, ?> op) {
        DeltaIterationBase<?, ?> it = currentDelta;
        boolean solutionSetFirst = op.getFirstInput().operator() == it.getSolutionSet();
        if (solutionSetFirst && op.getSecondInput().operator() == it.getSolutionSet()) {
            throw new IllegalArgumentException("Operator '" + op.getName() + "' of iteration '" + it.getName() + "' reads the solution set on"
                    + " both sides: a join or coGroup reads the solution set on one side and another data set on the other");
        }
        PlanInput<?> probe = solutionSetFirst ? op.getSecondInput() : op.getFirstInput();
        KeySpec probeKeys = KeyTranslation.ofSolutionSetKeys(solutionSetFirst ? op.getKeys2() : op.getKeys1(), probe.type(), op.getName());
        OperatorKind kind;
        if (op instanceof JoinOperatorBase<?, ?, ?> join) {
            if (join.getJoinType() != io.eddy.api.common.operators.JoinType.INNER) {
                throw new UnsupportedOperationException("Operator '" + op.getName() + "' of iteration '" + it.getName() + "' is a "
                        + join.getJoinType() + " join with the solution set: joins with the solution set are inner joins; coGroup with"
                        + " the solution set to see the keys it does not hold");
            }
            kind = new IterationKinds.SolutionSetJoin(it.getName(), probeKeys, solutionSetFirst);
        } else {
            kind = new IterationKinds.SolutionSetCoGroup(it.getName(), probeKeys, solutionSetFirst);
        }
        int parallelism = it.getParallelism() == OperatorInfo.DEFAULT_PARALLELISM ? plan.getDefaultParallelism() : it.getParallelism();
        OptNode node = new OptNode(dag.nodes().size(), op.getName(), kind, op, op.getUserFunction(), op.getOutputType(), List.of(probe.type()),
                op.getSemanticProperties());
        node.setParallelism(parallelism);
        node.setConsumesMemory(kind instanceof IterationKinds.SolutionSetCoGroup); // it sorts its input per superstep
        connect(node, 0, probe.operator(), probe.type());
        addBroadcastInputs(op, node);
        SizeEstimator.estimate(node);
        nodeOf.put(op, node);
        dag.add(node);
    }

    private OptNode tail(String name, OperatorKind kind, LogicalOperator<?> input, int parallelism) {
        TypeInfo<?> type = input.getOutputType();
        OptNode tail = new OptNode(dag.nodes().size(), name, kind, null, null, type, List.of(type), null);
        tail.setParallelism(parallelism);
        for (Origin origin : resolve(input, parallelism)) {
            tail.inputs().add(new Channel(origin.node(), 0, type, null, origin.requestedShip(), origin.requestedKeys(), origin.sideOutputTag()));
        }
        SizeEstimator.estimate(tail);
        dag.add(tail);
        return tail;
    }

    /**
     * The operators a loop's body reads, up to its placeholders and what is translated already,
     * inputs before readers (ascending ids: an operator is created after its inputs).
     */
    private List<LogicalOperator<?>> bodyOperators(IterationOperator it) {
        Set<LogicalOperator<?>> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<LogicalOperator<?>> todo = new ArrayDeque<>();
        it.getBodyRoots().forEach(root -> todo.push(root.operator()));
        while (!todo.isEmpty()) {
            LogicalOperator<?> op = todo.pop();
            if (nodeOf.containsKey(op) || op instanceof IterationPlaceholder<?> || !seen.add(op)) {
                continue; // a solution-set placeholder is read by key, not as a node
            }
            op.getInputs().forEach(todo::push);
            op.getBroadcastInputs().values().forEach(todo::push);
        }
        List<LogicalOperator<?>> ordered = new ArrayList<>(seen);
        ordered.sort(java.util.Comparator.comparingInt(LogicalOperator::getId));
        return ordered;
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
                node.inputs().add(new Channel(origin.node(), i, inputs.get(i).type(), null, origin.requestedShip(), origin.requestedKeys(),
                        origin.sideOutputTag()));
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
                    node.inputs().add(new Channel(origin.node(), inputIndex, type, null, origin.requestedShip(), origin.requestedKeys(),
                            origin.sideOutputTag()));
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
                node.broadcastInputs().add(new Channel(origin.node(), i, input.getOutputType(), names.get(i), null, null, origin.sideOutputTag()));
            }
        }
        node.setBroadcastNames(names);
    }

    private int parallelismOf(LogicalOperator<?> op, OptNode node) {
        boolean wholeInput = (node.kind() instanceof BatchKinds.Reduce || node.kind() instanceof BatchKinds.GroupReduce)
                && node.groupingKeys() == null;
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
     * through unions and partition operators (a range or custom partition adds its nodes on first use).
     */
    private List<Origin> resolve(LogicalOperator<?> op, int parallelism) {
        if (op instanceof Union<?> union) {
            List<Origin> all = new ArrayList<>();
            for (LogicalOperator<?> input : union.getUnionInputs()) {
                all.addAll(resolve(input, parallelism));
            }
            return all;
        }
        if (op instanceof PartitionOperatorBase<?> partition
                && (partition.getPartitionMethod() == PartitionMethod.RANGE || partition.getPartitionMethod() == PartitionMethod.CUSTOM)) {
            OptNode strip = rangeOf.computeIfAbsent(op, k -> new HashMap<>()).get(parallelism);
            if (strip == null) {
                strip = partition.getPartitionMethod() == PartitionMethod.RANGE
                        ? RangePartitions.rewrite(partition, parallelism, plan.getSerializerConfig(), rewriteBuilder())
                        : CustomPartitions.rewrite(partition, parallelism, rewriteBuilder());
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
        if (op instanceof IterationOperator) {
            return List.of(new Origin(node, null, null, IterationKinds.RESULT_TAG));
        }
        return List.of(new Origin(node, null, null));
    }

    /** Creates the node of one plan operator: its kind with the key parameters, function and types. */
    static final class NodeFactory {

        private NodeFactory() {}

        static OptNode create(int id, LogicalOperator<?> op) {
            OperatorKind kind = kindOf(op);
            List<TypeInfo<?>> inputTypes = planInputs(op).stream().<TypeInfo<?>>map(PlanInput::type).toList();
            io.eddy.api.common.operators.SemanticProperties props = op instanceof SingleInputOperator<?, ?> s ? s.getSemanticProperties()
                    : op instanceof DualInputOperator<?, ?, ?> d ? d.getSemanticProperties() : null;
            OptNode node = new OptNode(id, op.getName(), kind, op, op.getUserFunction(), op.getOutputType(), inputTypes, props);
            node.setConsumesMemory(MemoryAssigner.consumesMemory(kind));
            return node;
        }

        /**
         * The kind of {@code op} with its keys; the strategies are placeholders that the passes
         * replace ({@link StrategyChooser}, {@link TwoInputStrategies}).
         */
        private static OperatorKind kindOf(LogicalOperator<?> op) {
            String name = op.getName();
            if (op instanceof GenericDataSourceBase<?> source) {
                return new BatchKinds.BatchSource(source.getFormat());
            } else if (op instanceof GenericDataSinkBase<?> sink) {
                return sink.getFormat() instanceof CollectOutputFormat<?> collect ? new OperatorKinds.CollectSink(collect.collectId())
                        : new BatchKinds.BatchSink(sink.getFormat());
            } else if (op instanceof MapOperatorBase<?, ?>) {
                return OperatorKinds.MAP;
            } else if (op instanceof FlatMapOperatorBase<?, ?>) {
                return OperatorKinds.FLAT_MAP;
            } else if (op instanceof FilterOperatorBase<?>) {
                return OperatorKinds.FILTER;
            } else if (op instanceof MapPartitionOperatorBase<?, ?>) {
                return BatchKinds.MAP_PARTITION;
            } else if (op instanceof ReduceOperatorBase<?> reduce) {
                KeySpec keys = keys(reduce);
                return new BatchKinds.Reduce(keys, keys == null ? LocalStrategy.NONE : LocalStrategy.SORT);
            } else if (op instanceof GroupReduceOperatorBase<?, ?> groupReduce) {
                KeySpec keys = keys(groupReduce);
                return new BatchKinds.GroupReduce(keys, groupOrder(groupReduce), keys == null ? LocalStrategy.NONE : LocalStrategy.SORT);
            } else if (op instanceof GroupCombineOperatorBase<?, ?> groupCombine) {
                return new BatchKinds.GroupCombine(keys(groupCombine), groupCombine.getKeys() == null ? partitionOrder(groupCombine) : groupOrder(groupCombine));
            } else if (op instanceof SortPartitionOperatorBase<?> sort) {
                return new BatchKinds.SortPartition(KeyTranslation.of(sort.getOrdering(), sort.getInputType(), name));
            } else if (op instanceof JoinOperatorBase<?, ?, ?> join) {
                return new BatchKinds.Join(keys1(join), keys2(join), join.getJoinType(), LocalStrategy.SORT_MERGE);
            } else if (op instanceof CoGroupOperatorBase<?, ?, ?> coGroup) {
                return new BatchKinds.CoGroup(keys1(coGroup), keys2(coGroup), null, null);
            } else if (op instanceof CrossOperatorBase<?, ?, ?>) {
                return new BatchKinds.Cross(1);
            }
            throw new IllegalArgumentException("Operator '" + name + "' (" + op.getClass().getSimpleName()
                    + ") cannot be compiled by the batch optimizer: it knows no runtime operator for it");
        }

        private static KeySpec keys(SingleInputOperator<?, ?> op) {
            return op.getKeys() == null ? null : KeyTranslation.of(op.getKeys(), op.getInputType(), op.getName());
        }

        private static KeySpec groupOrder(SingleInputOperator<?, ?> op) {
            return op.getKeys() == null || op.getGroupOrder() == null || op.getGroupOrder().isEmpty() ? null
                    : KeyTranslation.of(op.getGroupOrder(), op.getInputType(), op.getName());
        }

        /** The order of an operator without keys over its whole partition (a sorted combineGroup's buffer fills), or null. */
        private static KeySpec partitionOrder(SingleInputOperator<?, ?> op) {
            return op.getGroupOrder() == null || op.getGroupOrder().isEmpty() ? null
                    : KeyTranslation.of(op.getGroupOrder(), op.getInputType(), op.getName());
        }

        private static KeySpec keys1(DualInputOperator<?, ?, ?> op) {
            return KeyTranslation.of(op.getKeys1(), op.getFirstInput().type(), op.getName());
        }

        private static KeySpec keys2(DualInputOperator<?, ?, ?> op) {
            return KeyTranslation.of(op.getKeys2(), op.getSecondInput().type(), op.getName());
        }
    }
}
