package io.eddy.api.common.typeinfo;

import java.util.Collection;
import java.util.Objects;

/**
 * The type of the elements a program hands to {@code fromElements} / {@code fromCollection} of
 * either environment (streaming or batch): that of the first element, which every other element
 * must be an instance of.
 */
public final class ElementTypes {

    private ElementTypes() {}

    /**
     * The common type of {@code elements}.
     *
     * @throws IllegalArgumentException if there are none, one is null, or one is not of the first element's type
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> ofElements(T[] elements) {
        if (elements == null || elements.length == 0) {
            throw new IllegalArgumentException("fromElements: no elements given (expected: at least one, to find the type from)");
        }
        if (elements[0] == null) {
            throw new IllegalArgumentException("fromElements: the first element is null; elements must not be null");
        }
        TypeInfo<T> type = (TypeInfo<T>) TypeExtractor.getForObject(elements[0]);
        for (int i = 1; i < elements.length; i++) {
            if (elements[i] == null || !type.getTypeClass().isInstance(elements[i])) {
                throw new IllegalArgumentException("fromElements: element " + i + " (" + elements[i] + ") is not of the type " + type
                        + " of the first element; use fromElements(Class, ...) or fromCollection(collection, typeInfo) to give a common type");
            }
        }
        return type;
    }

    /**
     * The type of the first element of {@code data}.
     *
     * @throws IllegalArgumentException if the collection is empty or its first element is null
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> ofFirst(Collection<T> data) {
        Objects.requireNonNull(data, "fromCollection: data");
        if (data.isEmpty()) {
            throw new IllegalArgumentException("fromCollection: the collection is empty, so its element type is unknown: "
                    + "use fromCollection(collection, typeInfo)");
        }
        T first = data.iterator().next();
        if (first == null) {
            throw new IllegalArgumentException("fromCollection: the first element is null; elements must not be null");
        }
        return (TypeInfo<T>) TypeExtractor.getForObject(first);
    }
}
