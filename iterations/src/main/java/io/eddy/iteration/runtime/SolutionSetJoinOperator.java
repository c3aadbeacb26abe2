package io.eddy.iteration.runtime;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.operators.base.TimestampedCollector;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * An inner join with the solution set ({@link IterationKinds.SolutionSetJoin}): each input record
 * looks up the solution-set record with its key in its lane's {@link SolutionSet}, and a match goes
 * to the user's {@code FlatJoinFunction} (the solution-set record first if the kind says so). The
 * input is hash-partitioned on its keys with the head's parallelism, so each record looks in the
 * lane that holds its key: no shuffle of the solution set, no table built per superstep. The first
 * record waits until the lane's head read the initial solution set ({@link LaneSolutionSets#await}). The
 * function may keep neither record: both are fresh per call. Task thread only.
 */
public final class SolutionSetJoinOperator<P, S, O> extends OneInputOperator<P, O> implements SuperstepAware {

    private final String iteration;
    private final boolean solutionSetFirst;
    private final FlatJoinFunction<Object, Object, O> function;

    // Task thread.
    private TimestampedCollector<O> collector;
    private SolutionSet.Lookup<P, S> lookup;

    @SuppressWarnings("unchecked")
    public SolutionSetJoinOperator(OperatorDescriptor descriptor, IterationKinds.SolutionSetJoin kind) {
        this(kind, (FlatJoinFunction<Object, Object, O>) requireFunction(descriptor, FlatJoinFunction.class));
    }

    private SolutionSetJoinOperator(IterationKinds.SolutionSetJoin kind, FlatJoinFunction<Object, Object, O> function) {
        super(function);
        this.iteration = kind.iteration();
        this.solutionSetFirst = kind.solutionSetFirst();
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        collector = new TimestampedCollector<>(output);
        super.open();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<P> record) throws Exception {
        if (lookup == null) {
            IterationKinds.SolutionSetJoin kind = context.descriptor().kindAs(IterationKinds.SolutionSetJoin.class);
            TypeInfo<P> probeType = (TypeInfo<P>) context.descriptor().inputTypes().get(0);
            TypeComparator<P> probeKeys = kind.probeKeys().createComparator(probeType, context.environment().serializerConfig());
            lookup = LaneSolutionSets.<S>await(context, iteration).lookup(probeKeys);
        }
        P probe = record.getValue();
        S match = lookup.find(probe);
        if (match != null) {
            collector.setTimestampFrom(record);
            if (solutionSetFirst) {
                function.join(match, probe, collector);
            } else {
                function.join(probe, match, collector);
            }
        }
    }

    /** Nothing is buffered; the function is closed at the superstep's end. */
    @Override
    public void endSuperstep() throws Exception {
        closeFunctionAtSuperstepEnd();
    }

    @Override
    public void startSuperstep(int superstep) throws Exception {
        reopenFunctionForSuperstep();
    }

    @Override
    public void close() throws Exception {
        lookup = null;
        super.close();
    }
}
