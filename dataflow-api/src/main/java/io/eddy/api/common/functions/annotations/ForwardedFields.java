package io.eddy.api.common.functions.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares which fields of a single-input function reach the output unchanged, so the
 * optimizer can keep a partitioning or an order across the function instead of shipping or sorting
 * again. Each string holds one or more expressions separated by {@code ;}:
 * <ul>
 *   <li>{@code "f0"} or {@code "name"}: the field is copied to the same field of the output;
 *   <li>{@code "f1->f2"}, {@code "f0.f1->key"}: the field is copied to another output field;
 *   <li>{@code "*"}: the whole value is the output (input and output types are equal);
 *       {@code "*->f1"}: the whole value becomes output field {@code f1}.
 * </ul>
 * The expressions are checked against the input and output types when the plan is built; a bad
 * expression fails naming the operator. A wrong declaration (a field declared forwarded that the
 * function changes) gives wrong results, so declare only what is certain. The same can be given
 * in the program with {@code withForwardedFields(...)}.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface ForwardedFields {

    /** The forwarded-field expressions. */
    String[] value();
}
