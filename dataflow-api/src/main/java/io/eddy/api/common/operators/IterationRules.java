package io.eddy.api.common.operators;

import io.eddy.api.common.operators.IterationOperator.BodyRoot;
import io.eddy.api.common.operators.IterationPlaceholder.Role;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The rules a plan's iterations obey, checked once the plan is complete (docs/iterations.md): a
 * placeholder is read only inside its own loop body; each body root that carries the loop on (the
 * next partial solution, the next workset, the solution-set delta) reads the iteration's data;
 * iterations do not nest; the solution set is read only as an input of a join or co-group keyed
 * like the solution set. A violation is an {@link IllegalArgumentException} that names the
 * operators and says what to do.
 */
public final class IterationRules {

    private IterationRules() {
    }

    /** Checks every iteration of {@code plan}. */
    public static void check(Plan plan) {
        List<IterationOperator> iterations = new ArrayList<>();
        Set<LogicalOperator<?>> visited = identitySet();
        Deque<LogicalOperator<?>> path = new ArrayDeque<>();
        for (GenericDataSinkBase<?> sink : plan.getDataSinks()) {
            visitOutside(sink, path, visited, iterations);
        }
        Set<IterationOperator> checked = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!iterations.isEmpty()) {
            IterationOperator iteration = iterations.remove(iterations.size() - 1);
            if (checked.add(iteration)) {
                checkBody(iteration, iterations);
            }
        }
    }

    private static void visitOutside(LogicalOperator<?> operator, Deque<LogicalOperator<?>> path, Set<LogicalOperator<?>> visited,
            List<IterationOperator> iterations) {
        if (operator instanceof IterationPlaceholder<?> placeholder) {
            throw new IllegalArgumentException(capitalized(placeholder.describe()) + " is read outside its loop, by " + describePath(path)
                    + ". Data sets computed inside a loop can be used after it only through the data set that closeWith(...)"
                    + " returns: read that one instead.");
        }
        if (!visited.add(operator)) {
            return;
        }
        if (operator instanceof IterationOperator iteration) {
            iterations.add(iteration);
        }
        path.push(operator);
        for (LogicalOperator<?> input : operator.getInputs()) {
            visitOutside(input, path, visited, iterations);
        }
        for (LogicalOperator<?> input : operator.getBroadcastInputs().values()) {
            visitOutside(input, path, visited, iterations);
        }
        path.pop();
    }

    private static void checkBody(IterationOperator iteration, List<IterationOperator> iterations) {
        Set<LogicalOperator<?>> visited = identitySet();
        for (BodyRoot root : iteration.getBodyRoots()) {
            Deque<LogicalOperator<?>> path = new ArrayDeque<>();
            visitBody(iteration, root.operator(), path, visited, iterations);
            if (!root.meaning().equals("termination criterion") && !reachesAny(root.operator(), iteration.getPlaceholders(), identitySet())) {
                throw new IllegalArgumentException("Iteration '" + iteration.getName() + "' is closed with " + root.meaning() + " '"
                        + root.operator().getName() + "', which does not read the iteration's "
                        + describeRoles(iteration) + ", so every superstep would compute the same data: compute the "
                        + root.meaning() + " from the data set(s) the iteration gives the loop body (closeWith(...) of the data set that"
                        + " reads them)");
            }
        }
    }

    private static void visitBody(IterationOperator iteration, LogicalOperator<?> operator, Deque<LogicalOperator<?>> path,
            Set<LogicalOperator<?>> visited, List<IterationOperator> iterations) {
        if (operator instanceof IterationPlaceholder<?> placeholder) {
            if (!containsIdentity(iteration.getPlaceholders(), placeholder)) {
                throw new IllegalArgumentException("The loop body of iteration '" + iteration.getName() + "' reads "
                        + placeholder.describe() + " (through " + describePath(path) + "). A loop body may read only its own iteration's "
                        + describeRoles(iteration) + ": iterations do not nest, and the data sets of one loop are used outside it only"
                        + " through the data set that closeWith(...) returns.");
            }
            return;
        }
        if (!visited.add(operator)) {
            return;
        }
        if (operator instanceof IterationOperator inner && inner != iteration) {
            if (dependsOn(operator, iteration.getPlaceholders())) {
                throw new IllegalArgumentException("Iteration '" + inner.getName() + "' runs inside the loop body of iteration '"
                        + iteration.getName() + "' (it reads the " + describeRoles(iteration) + " of '" + iteration.getName()
                        + "'): iterations do not nest. Run the inner loop as an iteration of its own before or after '"
                        + iteration.getName() + "', or express it as more supersteps of one iteration.");
            }
            iterations.add(inner);
            return;
        }
        checkSolutionSetReader(iteration, operator);
        path.push(operator);
        for (LogicalOperator<?> input : operator.getInputs()) {
            visitBody(iteration, input, path, visited, iterations);
        }
        for (LogicalOperator<?> input : operator.getBroadcastInputs().values()) {
            if (input instanceof IterationPlaceholder<?> placeholder && placeholder.getRole() == Role.SOLUTION_SET) {
                throw solutionSetReaderError(iteration, operator, "as a broadcast set");
            }
            visitBody(iteration, input, path, visited, iterations);
        }
        path.pop();
    }

    /** A join or co-group may read the solution set on the iteration's keys; nothing else may read it. */
    private static void checkSolutionSetReader(IterationOperator iteration, LogicalOperator<?> operator) {
        if (!(iteration instanceof DeltaIterationBase<?, ?> delta)) {
            return;
        }
        List<LogicalOperator<?>> inputs = operator.getInputs();
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i) != delta.getSolutionSet()) {
                continue;
            }
            if (!(operator instanceof JoinOperatorBase<?, ?, ?>) && !(operator instanceof CoGroupOperatorBase<?, ?, ?>)) {
                throw solutionSetReaderError(iteration, operator, "as an input of a " + operator.getClass().getSimpleName()
                        .replace("OperatorBase", "").replace("Base", "").toLowerCase(java.util.Locale.ROOT));
            }
            DualInputOperator<?, ?, ?> dual = (DualInputOperator<?, ?, ?>) operator;
            Keys keys = i == 0 ? dual.getKeys1() : dual.getKeys2();
            if (!sameKeys(keys, delta.getSolutionSetKeys())) {
                throw new IllegalArgumentException("Operator '" + operator.getName() + "' reads the solution set of iteration '"
                        + iteration.getName() + "' on keys " + keys + ", but the solution set is keyed on " + delta.getSolutionSetKeys()
                        + ": a solution-set lookup must use the iteration's keys (the ones given to iterateDelta); use those keys on"
                        + " the solution-set side of '" + operator.getName() + "'");
            }
        }
    }

    private static IllegalArgumentException solutionSetReaderError(IterationOperator iteration, LogicalOperator<?> operator, String how) {
        return new IllegalArgumentException("Operator '" + operator.getName() + "' reads the solution set of iteration '"
                + iteration.getName() + "' " + how + ": the solution set is a keyed table, read only by a join or coGroup on the"
                + " iteration's keys. Join the workset (or a data set computed from it) with the solution set instead.");
    }

    private static boolean sameKeys(Keys keys, Keys solutionSetKeys) {
        if (keys == null) {
            return false;
        }
        if (keys.equals(solutionSetKeys)) {
            return true;
        }
        return keys.isSelectorKeys() && solutionSetKeys.isSelectorKeys() && keys.getKeyType().equals(solutionSetKeys.getKeyType())
                && keys.getKeySelector().getClass() == solutionSetKeys.getKeySelector().getClass();
    }

    /** Whether {@code operator} reads one of {@code placeholders}, also through the inputs and loop bodies of iterations it reads. */
    private static boolean dependsOn(LogicalOperator<?> operator, List<IterationPlaceholder<?>> placeholders) {
        Set<LogicalOperator<?>> visited = identitySet();
        Deque<LogicalOperator<?>> stack = new ArrayDeque<>();
        stack.push(operator);
        while (!stack.isEmpty()) {
            LogicalOperator<?> next = stack.pop();
            if (containsIdentity(placeholders, next)) {
                return true;
            }
            if (!visited.add(next)) {
                continue;
            }
            next.getInputs().forEach(stack::push);
            next.getBroadcastInputs().values().forEach(stack::push);
            if (next instanceof IterationOperator iteration) {
                iteration.getBodyRoots().forEach(root -> stack.push(root.operator()));
            }
        }
        return false;
    }

    private static boolean reachesAny(LogicalOperator<?> operator, List<IterationPlaceholder<?>> placeholders, Set<LogicalOperator<?>> visited) {
        if (containsIdentity(placeholders, operator)) {
            return true;
        }
        if (!visited.add(operator) || operator instanceof IterationOperator) {
            return false;
        }
        for (LogicalOperator<?> input : operator.getInputs()) {
            if (reachesAny(input, placeholders, visited)) {
                return true;
            }
        }
        for (LogicalOperator<?> input : operator.getBroadcastInputs().values()) {
            if (reachesAny(input, placeholders, visited)) {
                return true;
            }
        }
        return false;
    }

    private static String describeRoles(IterationOperator iteration) {
        List<String> roles = new ArrayList<>();
        for (IterationPlaceholder<?> placeholder : iteration.getPlaceholders()) {
            roles.add(placeholder.getRole().description());
        }
        return String.join(" or ", roles);
    }

    /** {@code 'Map' (read by 'Sink')}: the operator that read the placeholder first, then its readers. */
    private static String describePath(Deque<LogicalOperator<?>> path) {
        if (path.isEmpty()) {
            return "the iteration itself";
        }
        List<String> names = new ArrayList<>();
        for (LogicalOperator<?> operator : path) {
            names.add("'" + operator.getName() + "'");
        }
        return names.size() == 1 ? names.get(0) : names.get(0) + " (read by " + String.join(" <- ", names.subList(1, names.size())) + ")";
    }

    private static boolean containsIdentity(List<? extends LogicalOperator<?>> list, LogicalOperator<?> operator) {
        for (LogicalOperator<?> element : list) {
            if (element == operator) {
                return true;
            }
        }
        return false;
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static Set<LogicalOperator<?>> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
