package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.annotations.ForwardedFields;
import io.eddy.api.common.functions.annotations.ForwardedFieldsFirst;
import io.eddy.api.common.functions.annotations.ForwardedFieldsSecond;
import io.eddy.api.common.operators.ForwardedFieldsParser;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.functions.JoinToFlatJoinAdapter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Collects forwarded-field declarations from a function's annotations and from {@code
 * withForwardedFields(...)} calls, and parses them against the input and output types when the
 * plan is built. Also checks {@code withBroadcastSet} arguments. Stateless.
 */
final class ForwardedFieldsSupport {

    /** Which input's declarations: of a single-input function, or the first or second input of a two-input function. */
    enum Side {
        SINGLE("withForwardedFields"),
        FIRST("withForwardedFieldsFirst"),
        SECOND("withForwardedFieldsSecond");

        private final String method;

        Side(String method) {
            this.method = method;
        }
    }

    private ForwardedFieldsSupport() {
    }

    /**
     * The declared mapping of {@code side}: the function class's annotation and the program's
     * declarations, merged; empty if there are none.
     */
    static Map<Integer, Set<Integer>> parse(Function function, Side side, List<String> declared, TypeInfo<?> inputType,
            TypeInfo<?> outputType, String operatorName) {
        Map<Integer, Set<Integer>> result = new TreeMap<>();
        String[] annotated = annotation(function, side);
        if (annotated.length > 0) {
            String origin = "@" + annotationName(side) + " of " + annotatedClass(function).getName();
            merge(result, ForwardedFieldsParser.parse(annotated, inputType, outputType, operatorName, origin));
        }
        if (!declared.isEmpty()) {
            merge(result, ForwardedFieldsParser.parse(declared.toArray(new String[0]), inputType, outputType, operatorName, side.method));
        }
        return result;
    }

    private static void merge(Map<Integer, Set<Integer>> into, Map<Integer, Set<Integer>> from) {
        from.forEach((k, v) -> into.computeIfAbsent(k, x -> new TreeSet<>()).addAll(v));
    }

    private static Class<?> annotatedClass(Function function) {
        return function instanceof JoinToFlatJoinAdapter<?, ?, ?> adapter ? adapter.getWrappedFunction().getClass() : function.getClass();
    }

    private static String[] annotation(Function function, Side side) {
        if (function == null) {
            return new String[0];
        }
        // A program's JoinFunction reaches the plan wrapped; its annotations are on the wrapped class.
        Class<?> c = annotatedClass(function);
        return switch (side) {
            case SINGLE -> c.isAnnotationPresent(ForwardedFields.class) ? c.getAnnotation(ForwardedFields.class).value() : new String[0];
            case FIRST -> c.isAnnotationPresent(ForwardedFieldsFirst.class) ? c.getAnnotation(ForwardedFieldsFirst.class).value() : new String[0];
            case SECOND -> c.isAnnotationPresent(ForwardedFieldsSecond.class) ? c.getAnnotation(ForwardedFieldsSecond.class).value() : new String[0];
        };
    }

    private static String annotationName(Side side) {
        return switch (side) {
            case SINGLE -> ForwardedFields.class.getSimpleName();
            case FIRST -> ForwardedFieldsFirst.class.getSimpleName();
            case SECOND -> ForwardedFieldsSecond.class.getSimpleName();
        };
    }

    /**
     * Checks a {@code withBroadcastSet} call and records it.
     *
     * @throws IllegalArgumentException for a blank or repeated name, or a data set of another environment
     */
    static void addBroadcastSet(Map<String, DataSet<?>> sets, DataSet<?> owner, DataSet<?> set, String name, String operatorName) {
        java.util.Objects.requireNonNull(set, () -> "withBroadcastSet on operator '" + operatorName + "': the data set is null");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("withBroadcastSet on operator '" + operatorName + "': name '" + name
                    + "' (expected: a non-empty name, under which the function reads the set from its runtime context)");
        }
        if (set.getExecutionEnvironment() != owner.getExecutionEnvironment()) {
            throw new IllegalArgumentException("withBroadcastSet on operator '" + operatorName + "': the data set '" + set.getName()
                    + "' belongs to another ExecutionEnvironment; build the whole program with one environment");
        }
        if (sets.putIfAbsent(name, set) != null) {
            throw new IllegalArgumentException("withBroadcastSet on operator '" + operatorName + "': the name '" + name
                    + "' is already used by data set '" + sets.get(name).getName() + "' (expected: one name per broadcast set)");
        }
    }
}
