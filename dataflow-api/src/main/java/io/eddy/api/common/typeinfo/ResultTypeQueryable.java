package io.eddy.api.common.typeinfo;

/**
 * A function (or format) that says its output type itself, when its generic signature cannot:
 * wrappers whose output type is a type variable bound only at run time by the object they wrap
 * (a Hadoop {@code Mapper}'s output key and value classes, say). The type extractor asks it before
 * it reads the function's generic signature ({@link TypeExtractor#getOutputType}); an operator's
 * {@code .returns(...)} still takes precedence.
 *
 * @param <T> the type of the records produced
 */
public interface ResultTypeQueryable<T> {

    /** The type of the records produced; never null. */
    TypeInfo<T> getProducedType();
}
