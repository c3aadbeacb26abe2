package io.eddy.api.common.operators;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Parses forwarded-field declarations ({@code @ForwardedFields}, {@code withForwardedFields(...)})
 * into flat field mappings. Each declaration holds expressions separated by {@code ;}: {@code
 * "f0"} (same field in and out), {@code "f1->f2"} (input field to output field), dotted nested
 * fields, {@code "*"} (the whole value). Source and target must have the same flat field types,
 * and no output field may be declared a copy of two input fields. Stateless.
 */
public final class ForwardedFieldsParser {

    private ForwardedFieldsParser() {
    }

    /**
     * @param origin where the declarations come from, for errors (e.g. {@code "withForwardedFields"})
     * @return input flat field to output flat fields
     * @throws IllegalArgumentException for a bad expression, naming the operator, the origin and the expression
     */
    public static Map<Integer, Set<Integer>> parse(String[] declarations, TypeInfo<?> inputType, TypeInfo<?> outputType,
            String operatorName, String origin) {
        Map<Integer, Set<Integer>> forwarded = new TreeMap<>();
        Map<Integer, String> targetsSeen = new HashMap<>();
        for (String declaration : declarations) {
            if (declaration == null) {
                throw new IllegalArgumentException("Operator '" + operatorName + "': " + origin + " has a null forwarded-field expression");
            }
            for (String item : declaration.split(";")) {
                String expression = item.trim();
                if (!expression.isEmpty()) {
                    parseOne(expression, inputType, outputType, new Context(operatorName, origin, forwarded, targetsSeen));
                }
            }
        }
        return forwarded;
    }

    private record Context(String operatorName, String origin, Map<Integer, Set<Integer>> forwarded, Map<Integer, String> targetsSeen) {

        IllegalArgumentException error(String expression, String problem) {
            return new IllegalArgumentException("Operator '" + operatorName + "': invalid forwarded-field expression '" + expression
                    + "' in " + origin + ": " + problem + " (expected: 'f0', 'name', 'f1->f2', 'a.b->c' or '*', separated by ';')");
        }
    }

    private static void parseOne(String expression, TypeInfo<?> inputType, TypeInfo<?> outputType, Context context) {
        String source;
        String target;
        int arrow = expression.indexOf("->");
        if (arrow >= 0) {
            source = expression.substring(0, arrow).trim();
            target = expression.substring(arrow + 2).trim();
            if (source.isEmpty() || target.isEmpty() || target.contains("->")) {
                throw context.error(expression, "expected one source field, '->' and one target field");
            }
        } else {
            source = expression;
            target = expression;
        }
        int[] from = resolve(inputType, source, "input", expression, context);
        int[] to = resolve(outputType, target, "output", expression, context);
        List<TypeInfo<?>> inLeaves = FlatFields.leafTypes(inputType);
        List<TypeInfo<?>> outLeaves = FlatFields.leafTypes(outputType);
        if (from.length != to.length) {
            throw context.error(expression, "'" + source + "' covers " + from.length + " fields of the input type " + inputType + " but '"
                    + target + "' covers " + to.length + " fields of the output type " + outputType);
        }
        for (int i = 0; i < from.length; i++) {
            TypeInfo<?> in = inLeaves.get(from[i]);
            TypeInfo<?> out = outLeaves.get(to[i]);
            if (!in.equals(out)) {
                throw context.error(expression, "input field type " + in + " differs from output field type " + out);
            }
            String previous = context.targetsSeen().putIfAbsent(to[i], expression);
            if (previous != null && !previous.equals(expression)) {
                throw context.error(expression, "output flat field " + to[i] + " is already declared a copy by '" + previous + "'");
            }
            context.forwarded().computeIfAbsent(from[i], k -> new TreeSet<>()).add(to[i]);
        }
    }

    private static int[] resolve(TypeInfo<?> type, String field, String side, String expression, Context context) {
        if (!field.equals("*") && !field.matches("[\\p{javaJavaIdentifierPart}.$]+")) {
            throw context.error(expression, "'" + field + "' is not a field name");
        }
        try {
            return FlatFields.of(type, field, context.operatorName());
        } catch (InvalidTypesException e) {
            throw context.error(expression, "the " + side + " type " + type + " has no field '" + field + "' ("
                    + e.getMessage() + ")");
        }
    }
}
