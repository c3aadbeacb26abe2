package io.eddy.api.java;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.DataSet;
import java.util.Objects;

/**
 * The {@code where(...).equalTo(...)} steps of a join or coGroup: keys of the first input, then
 * keys of the second, which must be compatible (the same number of flat key fields with equal
 * types), else an error names both inputs and both key types.
 *
 * @param <L> the first input's type
 * @param <R> the second input's type
 * @param <P> what {@code equalTo} returns
 */
public abstract class KeyedPairBuilder<L, R, P> {

    final DataSet<L> first;
    final DataSet<R> second;
    final String operation;

    KeyedPairBuilder(DataSet<L> first, DataSet<R> second, String operation) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, () -> operation + " on '" + first.getName() + "': the other data set is null");
        this.operation = operation;
    }

    /** Keys of the first input by field positions. */
    public Where where(int... positions) {
        return new Where(Operations.keys(first, operation + ".where", positions));
    }

    /** Keys of the first input by field names. */
    public Where where(String... fields) {
        return new Where(Operations.keys(first, operation + ".where", fields));
    }

    /** Keys of the first input computed by {@code selector}. */
    public <K> Where where(KeySelector<L, K> selector) {
        return new Where(Operations.keys(first, operation + ".where", selector));
    }

    /** Creates the result once both keys are known. */
    abstract P create(Keys keys1, Keys keys2);

    /** The first input's keys are set; {@code equalTo} sets the second's. */
    public final class Where {

        private final Keys keys1;

        Where(Keys keys1) {
            this.keys1 = keys1;
        }

        /** Keys of the second input by field positions. */
        public P equalTo(int... positions) {
            return finish(Operations.keys(second, operation + ".equalTo", positions));
        }

        /** Keys of the second input by field names. */
        public P equalTo(String... fields) {
            return finish(Operations.keys(second, operation + ".equalTo", fields));
        }

        /** Keys of the second input computed by {@code selector}. */
        public <K> P equalTo(KeySelector<R, K> selector) {
            return finish(Operations.keys(second, operation + ".equalTo", selector));
        }

        private P finish(Keys keys2) {
            if (!keys1.isCompatibleWith(keys2)) {
                throw new InvalidTypesException("Operator '" + operation + "' of '" + first.getName() + "' and '" + second.getName()
                        + "': the keys are not compatible: the first input's key (" + keys1 + ") has field types " + keys1.getKeyFieldTypes()
                        + ", the second input's key (" + keys2 + ") has field types " + keys2.getKeyFieldTypes()
                        + " (expected: the same number of key fields with the same types; convert one side with a map first)");
            }
            return create(keys1, keys2);
        }
    }
}
