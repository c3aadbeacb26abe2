package io.eddy.hadoop.impl;

import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.tuple.Tuple2;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/** The {@code Tuple2<key, value>} types of wrapped Hadoop functions. */
public final class HadoopTypes {

    private HadoopTypes() {}

    /**
     * The pair type {@code functionClass} emits: the type arguments {@code keyIndex} and {@code
     * keyIndex + 1} of {@code base} as the class binds them, or else the classes the job
     * configuration names ({@code configuredKey} / {@code configuredValue}, null if it names none).
     */
    @SuppressWarnings("unchecked")
    public static <K, V> TupleTypeInfo<Tuple2<K, V>> pairType(Class<?> functionClass, Class<?> base, int keyIndex, Class<?> configuredKey,
            Class<?> configuredValue, String what) {
        TypeInfo<K> key = (TypeInfo<K>) argument(functionClass, base, keyIndex, configuredKey, what + "'s output key");
        TypeInfo<V> value = (TypeInfo<V>) argument(functionClass, base, keyIndex + 1, configuredValue, what + "'s output value");
        return new TupleTypeInfo<>(key, value);
    }

    /** A mapper's output pair type: {@code base}'s arguments 2 and 3, else the map output classes {@code job} names. */
    public static <K, V> TupleTypeInfo<Tuple2<K, V>> mapOutput(Class<?> mapperClass, Class<?> base, JobConf job) {
        return pairType(mapperClass, base, 2, named(job, MRJobConfig.MAP_OUTPUT_KEY_CLASS, MRJobConfig.OUTPUT_KEY_CLASS) ? job.getMapOutputKeyClass() : null,
                named(job, MRJobConfig.MAP_OUTPUT_VALUE_CLASS, MRJobConfig.OUTPUT_VALUE_CLASS) ? job.getMapOutputValueClass() : null,
                "Hadoop mapper " + mapperClass.getName());
    }

    /** A combiner's output pair type (the map output): {@code base}'s arguments 2 and 3, else the map output classes {@code job} names. */
    public static <K, V> TupleTypeInfo<Tuple2<K, V>> combineOutput(Class<?> combinerClass, Class<?> base, JobConf job) {
        return pairType(combinerClass, base, 2, named(job, MRJobConfig.MAP_OUTPUT_KEY_CLASS) ? job.getMapOutputKeyClass() : null,
                named(job, MRJobConfig.MAP_OUTPUT_VALUE_CLASS) ? job.getMapOutputValueClass() : null,
                "Hadoop combiner " + combinerClass.getName());
    }

    /** A reducer's output pair type: {@code base}'s arguments 2 and 3, else the job output classes {@code job} names. */
    public static <K, V> TupleTypeInfo<Tuple2<K, V>> reduceOutput(Class<?> reducerClass, Class<?> base, JobConf job) {
        return pairType(reducerClass, base, 2, named(job, MRJobConfig.OUTPUT_KEY_CLASS) ? job.getOutputKeyClass() : null,
                named(job, MRJobConfig.OUTPUT_VALUE_CLASS) ? job.getOutputValueClass() : null,
                "Hadoop reducer " + reducerClass.getName());
    }

    private static boolean named(JobConf job, String... keys) {
        for (String key : keys) {
            if (job.get(key) != null) {
                return true;
            }
        }
        return false;
    }

    private static TypeInfo<?> argument(Class<?> functionClass, Class<?> base, int index, Class<?> configured, String what) {
        try {
            return TypeExtractor.createTypeInfoFromSubclass(functionClass, base, index, what);
        } catch (InvalidTypesException | IllegalArgumentException e) {
            if (configured != null) {
                return TypeExtractor.createTypeInfo(configured);
            }
            throw new InvalidTypesException("The type of " + what + " cannot be determined: " + functionClass.getName()
                    + " does not bind the type argument of " + base.getName() + " and the job configuration names no class for it"
                    + " (set it in the JobConf given to the wrapper, e.g. setMapOutputKeyClass / setOutputKeyClass)", e);
        }
    }
}
