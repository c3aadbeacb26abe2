package io.eddy.api.common.typeinfo;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/** Small helpers over {@code java.lang.reflect} generic types: substitution and walking supertypes. */
final class Generics {

    private Generics() {
    }

    /**
     * The type arguments with which {@code type} (a class or parameterized type) extends or
     * implements {@code target}, with the type variables of the classes on the way substituted
     * (the bindings found are added to {@code bindings}); null if {@code type} is not a subtype of
     * {@code target}. Arguments may still contain unbound type variables.
     */
    static Type[] findArguments(Type type, Class<?> target, Map<TypeVariable<?>, Type> bindings) {
        Class<?> raw;
        if (type instanceof ParameterizedType p) {
            raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            TypeVariable<?>[] vars = raw.getTypeParameters();
            for (int i = 0; i < vars.length && i < args.length; i++) {
                bindings.put(vars[i], substitute(args[i], bindings));
            }
        } else if (type instanceof Class<?> c) {
            raw = c;
        } else {
            return null;
        }
        if (raw == target) {
            TypeVariable<?>[] vars = raw.getTypeParameters();
            Type[] result = new Type[vars.length];
            for (int i = 0; i < vars.length; i++) {
                result[i] = substitute(vars[i], bindings);
            }
            return result;
        }
        if (!target.isAssignableFrom(raw)) {
            return null;
        }
        Type superclass = raw.getGenericSuperclass();
        if (superclass != null) {
            Type[] found = findArguments(superclass, target, bindings);
            if (found != null) {
                return found;
            }
        }
        for (Type itf : raw.getGenericInterfaces()) {
            Type[] found = findArguments(itf, target, bindings);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** {@code type} with every bound type variable replaced by its binding, recursively. */
    static Type substitute(Type type, Map<TypeVariable<?>, Type> bindings) {
        return substitute(type, bindings, 0);
    }

    private static Type substitute(Type type, Map<TypeVariable<?>, Type> bindings, int depth) {
        if (depth > 64) {
            return type;
        }
        if (type instanceof TypeVariable<?> v) {
            Type bound = bindings.get(v);
            return bound == null || bound == v ? v : substitute(bound, bindings, depth + 1);
        }
        if (type instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments().clone();
            boolean changed = false;
            for (int i = 0; i < args.length; i++) {
                Type s = substitute(args[i], bindings, depth + 1);
                changed |= s != args[i];
                args[i] = s;
            }
            return changed ? new ParameterizedTypeImpl((Class<?>) p.getRawType(), args, p.getOwnerType()) : p;
        }
        if (type instanceof GenericArrayType g) {
            Type component = substitute(g.getGenericComponentType(), bindings, depth + 1);
            return component == g.getGenericComponentType() ? g : new GenericArrayTypeImpl(component);
        }
        return type;
    }

    /** The parameterized type {@code raw<args>}. */
    static ParameterizedType parameterized(Class<?> raw, Type[] args) {
        return new ParameterizedTypeImpl(raw, args.clone(), raw.getDeclaringClass());
    }

    /** The erasure of {@code type}: its raw class (type variables erase to their first bound). */
    static Class<?> erasure(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof TypeVariable<?> v) {
            return erasure(v.getBounds()[0]);
        }
        if (type instanceof GenericArrayType g) {
            return java.lang.reflect.Array.newInstance(erasure(g.getGenericComponentType()), 0).getClass();
        }
        return Object.class;
    }

    private record ParameterizedTypeImpl(Class<?> raw, Type[] args, Type owner) implements ParameterizedType {

        @Override
        public Type[] getActualTypeArguments() {
            return args.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ParameterizedType p && raw.equals(p.getRawType())
                    && Arrays.equals(args, p.getActualTypeArguments()) && Objects.equals(owner, p.getOwnerType());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(args) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(raw.getName()).append('<');
            for (int i = 0; i < args.length; i++) {
                sb.append(i > 0 ? ", " : "").append(args[i].getTypeName());
            }
            return sb.append('>').toString();
        }
    }

    private record GenericArrayTypeImpl(Type component) implements GenericArrayType {

        @Override
        public Type getGenericComponentType() {
            return component;
        }

        @Override
        public String toString() {
            return component.getTypeName() + "[]";
        }
    }
}
