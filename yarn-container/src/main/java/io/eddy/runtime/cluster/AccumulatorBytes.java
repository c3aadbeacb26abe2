package io.eddy.runtime.cluster;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * Accumulators as the opaque bytes the gateways carry: Java serialization, because accumulators
 * are user objects (like function closures) and are read only with the job's class loader.
 */
public final class AccumulatorBytes {

    private AccumulatorBytes() {}

    /** The accumulators of one finished task, e.g. for {@link TaskStateUpdate#accumulatorsOrNull()}. */
    public static byte[] serializeAccumulators(Map<String, Accumulator<?, ?>> accumulators, String what) {
        return InstantiationUtil.serialize(new HashMap<>(accumulators), "the accumulators of " + what);
    }

    public static Map<String, Accumulator<?, ?>> deserializeAccumulators(byte[] bytes, ClassLoader classLoader, String what) {
        return InstantiationUtil.deserialize(bytes, classLoader, "the accumulators of " + what);
    }

    /** Final accumulator values, e.g. for {@link JobResultInfo#accumulators()}. */
    public static byte[] serializeValues(Map<String, Serializable> values, String what) {
        return InstantiationUtil.serialize(new HashMap<>(values), "the accumulator results of " + what);
    }

    public static Map<String, Serializable> deserializeValues(byte[] bytes, ClassLoader classLoader, String what) {
        return InstantiationUtil.deserialize(bytes, classLoader, "the accumulator results of " + what);
    }
}
