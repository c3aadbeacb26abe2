package io.eddy.optimizer;

import io.eddy.api.common.io.BaseStatistics;
import io.eddy.api.common.operators.CompilerHints;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pass 1b: the output size estimates of each node, from the source formats' statistics, the
 * compiler hints, and defaults per operator kind (see {@code docs/optimizer.md}, "Cost model").
 * Nodes must be estimated in topological order.
 */
final class SizeEstimator {

    private static final Logger LOG = LoggerFactory.getLogger(SizeEstimator.class);

    private SizeEstimator() {}

    static void estimate(OptNode node) {
        Estimates base = node.origin() instanceof GenericDataSourceBase<?> source ? sourceStatistics(source) : derived(node);
        node.setEstimates(node.origin() == null ? base : applyHints(base, node.origin().getCompilerHints()));
    }

    private static Estimates sourceStatistics(GenericDataSourceBase<?> source) {
        BaseStatistics stats;
        try {
            stats = source.getFormat().getStatistics(null);
        } catch (IOException | RuntimeException e) {
            LOG.info("No size statistics for source '{}' ({}); the optimizer assumes it is large", source.getName(), e.toString());
            return Estimates.unknown();
        }
        if (stats == null) {
            return Estimates.unknown();
        }
        long records = stats.numberOfRecords();
        long bytes = stats.totalInputSize();
        float width = stats.averageRecordWidth();
        if (records < 0 && bytes >= 0 && width > 0) {
            records = (long) Math.ceil(bytes / width);
        }
        if (bytes < 0 && records >= 0 && width >= 0) {
            bytes = (long) Math.ceil(records * width);
        }
        return new Estimates(records < 0 ? Estimates.UNKNOWN : records, bytes < 0 ? Estimates.UNKNOWN : bytes);
    }

    private static Estimates derived(OptNode node) {
        Estimates first = sum(node, 0);
        OperatorKind kind = node.kind();
        if (kind instanceof OperatorKinds.Filter) {
            return first.scaled(0.5);
        } else if (kind instanceof BatchKinds.Reduce || kind instanceof BatchKinds.GroupReduce) {
            return node.groupingKeys() != null ? first.scaled(0.5) : single(first);
        } else if (kind instanceof BatchKinds.Join) {
            return larger(first, sum(node, 1));
        } else if (kind instanceof BatchKinds.CoGroup) {
            return add(first, sum(node, 1));
        } else if (kind instanceof BatchKinds.Cross) {
            return product(first, sum(node, 1));
        }
        return first;
    }

    private static Estimates sum(OptNode node, int input) {
        List<Channel> channels = node.inputs(input);
        if (channels.isEmpty()) {
            return Estimates.unknown();
        }
        Estimates total = new Estimates(0, 0);
        for (Channel c : channels) {
            total = add(total, c.source().estimates());
        }
        return total;
    }

    private static Estimates add(Estimates a, Estimates b) {
        return new Estimates(a.records() < 0 || b.records() < 0 ? Estimates.UNKNOWN : a.records() + b.records(),
                a.bytes() < 0 || b.bytes() < 0 ? Estimates.UNKNOWN : a.bytes() + b.bytes());
    }

    private static Estimates larger(Estimates a, Estimates b) {
        if (!a.bytesKnown() || !b.bytesKnown()) {
            return Estimates.unknown();
        }
        return a.bytes() >= b.bytes() ? a : b;
    }

    private static Estimates product(Estimates a, Estimates b) {
        if (a.records() < 0 || b.records() < 0 || !a.bytesKnown() || !b.bytesKnown()) {
            return Estimates.unknown();
        }
        return new Estimates(a.records() * b.records(), a.records() * b.bytes() + b.records() * a.bytes());
    }

    private static Estimates single(Estimates input) {
        long width = input.records() > 0 && input.bytesKnown() ? input.bytes() / input.records() : Estimates.UNKNOWN;
        return new Estimates(1, width);
    }

    private static Estimates applyHints(Estimates base, CompilerHints hints) {
        Estimates e = base;
        if (hints.filterFactor() >= 0) {
            e = e.scaled(hints.filterFactor());
        }
        long records = hints.outputCardinality() >= 0 ? hints.outputCardinality() : e.records();
        long bytes = e.bytes();
        if (hints.avgOutputRecordSize() >= 0 && records >= 0) {
            bytes = (long) Math.ceil(records * (double) hints.avgOutputRecordSize());
        }
        if (hints.outputSize() >= 0) {
            bytes = hints.outputSize();
        }
        return new Estimates(records, bytes);
    }
}
