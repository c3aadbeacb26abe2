package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.Output;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The output of an operator with several consumers or with side outputs: sends each main record
 * to every main target and each side output record to the targets of its tag (by tag id). Targets
 * only read the record during the call, so all of them get the same instance. Task thread only.
 */
final class RoutingOutput<T> implements Output<T> {

    private final Output<T>[] mainTargets;
    private final Map<String, Output<Object>[]> sideTargets;

    @SuppressWarnings({"unchecked", "rawtypes"})
    RoutingOutput(List<Output<T>> mainTargets, Map<String, List<Output<Object>>> sideTargets) {
        this.mainTargets = mainTargets.toArray(new Output[0]);
        this.sideTargets = new HashMap<>();
        sideTargets.forEach((tag, targets) -> this.sideTargets.put(tag, targets.toArray(new Output[0])));
    }

    /**
     * The output for these targets: a target itself when it is the only one and there are no side
     * outputs (no routing cost per record), a discarding output when there are none at all.
     */
    static <T> Output<T> of(List<Output<T>> mainTargets, Map<String, List<Output<Object>>> sideTargets) {
        if (sideTargets.isEmpty()) {
            if (mainTargets.isEmpty()) {
                return new DiscardingOutput<>();
            }
            if (mainTargets.size() == 1) {
                return mainTargets.get(0);
            }
        }
        return new RoutingOutput<>(mainTargets, sideTargets);
    }

    @Override
    public void collect(StreamRecord<T> record) {
        for (Output<T> target : mainTargets) {
            target.collect(record);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {
        Output<Object>[] targets = sideTargets.get(tag.getId());
        if (targets != null) {
            for (Output<Object> target : targets) {
                target.collect((StreamRecord<Object>) record);
            }
        }
    }

    /** To every main and side target: watermarks are not routed by tag. */
    @Override
    public void emitWatermark(Watermark watermark) {
        for (Output<T> target : mainTargets) {
            target.emitWatermark(watermark);
        }
        for (Output<Object>[] targets : sideTargets.values()) {
            for (Output<Object> target : targets) {
                target.emitWatermark(watermark);
            }
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        for (Output<T> target : mainTargets) {
            target.emitWatermarkStatus(status);
        }
        for (Output<Object>[] targets : sideTargets.values()) {
            for (Output<Object> target : targets) {
                target.emitWatermarkStatus(status);
            }
        }
    }

    /** The output of an operator nothing consumes (a sink, or a result nobody reads). */
    static final class DiscardingOutput<T> implements Output<T> {
        @Override
        public void collect(StreamRecord<T> record) {}

        @Override
        public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {}
    }
}
