package io.eddy.api.common.typeinfo;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the factory of the annotated class's type information, so that the class is serialized
 * and compared by its own {@link TypeInfo} wherever it appears: as a record type, as a field of a
 * tuple, record or POJO, as a key and as a sort key.
 *
 * <pre>{@code
 * @TypeInfoFrom(GraphIdTypeInfoFactory.class)
 * public final class GraphId { ... }
 * }</pre>
 *
 * <p>The annotation applies to the annotated class only, not to its subclasses (a whole hierarchy
 * is registered with a {@link TypeInfoFamily}). It takes precedence over {@link TypeInfoFamily}
 * services and over the analysis of enums, records and POJOs; basic types, arrays and tuples are
 * always Eddy's own. See {@code docs/types.md}, "Type extension point".
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TypeInfoFrom {

    /** The factory; it needs a public no-argument constructor. */
    Class<? extends TypeInfoFactory<?>> value();
}
