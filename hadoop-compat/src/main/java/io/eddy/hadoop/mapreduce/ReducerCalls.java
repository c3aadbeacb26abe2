package io.eddy.hadoop.mapreduce;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Calls a {@code mapreduce} {@link Reducer}'s protected {@code setup}, {@code reduce} and {@code
 * cleanup} (overridden or not) one at a time, as Eddy hands a reducer its groups one call at a time
 * rather than through {@code run(Context)}. An exception the reducer throws is rethrown as it is.
 */
final class ReducerCalls {

    private static final Method SETUP = method("setup", Reducer.Context.class);
    private static final Method REDUCE = method("reduce", Object.class, Iterable.class, Reducer.Context.class);
    private static final Method CLEANUP = method("cleanup", Reducer.Context.class);

    private ReducerCalls() {}

    private static Method method(String name, Class<?>... parameters) {
        try {
            Method method = Reducer.class.getDeclaredMethod(name, parameters);
            method.setAccessible(true);
            return method;
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError("Hadoop's " + Reducer.class.getName() + " has no " + name + " method: the hadoop-mapreduce-client-core"
                    + " on the class path is not the version Eddy was built with");
        }
    }

    static void setup(Reducer<?, ?, ?, ?> reducer, Reducer<?, ?, ?, ?>.Context context) throws Exception {
        call(SETUP, reducer, context);
    }

    static void reduce(Reducer<?, ?, ?, ?> reducer, Object key, Iterable<?> values, Reducer<?, ?, ?, ?>.Context context) throws Exception {
        call(REDUCE, reducer, key, values, context);
    }

    static void cleanup(Reducer<?, ?, ?, ?> reducer, Reducer<?, ?, ?, ?>.Context context) throws Exception {
        call(CLEANUP, reducer, context);
    }

    private static void call(Method method, Object target, Object... arguments) throws Exception {
        try {
            method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
