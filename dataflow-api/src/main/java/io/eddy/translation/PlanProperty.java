package io.eddy.translation;

import java.util.Objects;

/**
 * A fact about a node that plans show and the runtime does not need: a local strategy, keys, a
 * memory share, size estimates, costs.
 *
 * @param key the JSON field name, or null if the JSON plan leaves it out
 * @param label the word before the value in the text plan, or null if the text plan leaves it out
 * @param value the JSON value: a {@link Number} (written as a number) or anything else (written
 *     as the string of its {@code toString()})
 * @param text the value as the text plan shows it
 */
public record PlanProperty(String key, String label, Object value, String text) {

    public PlanProperty {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(text, "text");
        if (key == null && label == null) {
            throw new IllegalArgumentException("Bug: a plan property shown nowhere: " + value);
        }
    }

    /** A property shown in both plans, as {@code value.toString()} in the text one. */
    public static PlanProperty of(String key, String label, Object value) {
        return new PlanProperty(key, label, value, value.toString());
    }
}
