package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.tuple.Tuple;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a reflective {@link Type} into a {@link TypeInfo}, resolving type variables through the
 * bindings collected while walking generic hierarchies (to other types) or from the known types of
 * a function's inputs (to type information). One analyzer per extraction; not thread-safe.
 *
 * <p>Rules, first match wins: primitives, boxes, {@code String} and the other basic types;
 * primitive and object arrays; standard tuples (they need their type arguments) and tuple
 * subclasses (they bind them); the factory named by the class's {@link TypeInfoFrom} annotation;
 * the one {@link TypeInfoFamily} service that accepts the class ({@link RegisteredTypes}); enums;
 * records (components in declaration order); POJOs (see {@link #pojoProblem}); anything else is
 * generic (Kryo). A field of a POJO or record whose type cannot be determined is serialized
 * generically; a failing factory ({@link TypeInfoFactoryException}) fails the analysis.
 */
final class TypeAnalyzer {

    private final Map<TypeVariable<?>, Type> typeBindings = new HashMap<>();
    private final Map<TypeVariable<?>, TypeInfo<?>> infoBindings = new HashMap<>();
    /** Classes being analysed, to stop at recursive types (they become generic). */
    private final Set<Class<?>> inProgress = new HashSet<>();
    /** The registered families, looked up when the first class that is not built in is analysed. */
    private RegisteredTypes registered;

    Map<TypeVariable<?>, Type> typeBindings() {
        return typeBindings;
    }

    /** Whether {@code variable} is bound to a type or to type information. */
    boolean isBound(TypeVariable<?> variable) {
        Type bound = typeBindings.get(variable);
        return infoBindings.containsKey(variable) || (bound != null && bound != variable);
    }

    /** Binds type variables in {@code type} to the corresponding parts of {@code info}, where the shapes agree. */
    void bindInput(Type type, TypeInfo<?> info) {
        if (type instanceof TypeVariable<?> variable) {
            Type bound = typeBindings.get(variable);
            if (bound != null && bound != variable) {
                bindInput(bound, info);
            } else {
                infoBindings.putIfAbsent(variable, info);
            }
        } else if (type instanceof ParameterizedType p && info instanceof TupleTypeInfo<?> tuple
                && p.getRawType() == tuple.getTypeClass() && p.getActualTypeArguments().length == tuple.getArity()) {
            Type[] args = p.getActualTypeArguments();
            for (int i = 0; i < args.length; i++) {
                bindInput(args[i], tuple.getTypeAt(i));
            }
        } else if (type instanceof GenericArrayType array && info instanceof ObjectArrayTypeInfo<?, ?> arrayInfo) {
            bindInput(array.getGenericComponentType(), arrayInfo.getComponentInfo());
        }
    }

    TypeInfo<?> analyze(Type type) {
        if (type instanceof Class<?> c) {
            return analyzeClass(c);
        }
        if (type instanceof ParameterizedType p) {
            return analyzeParameterized(p);
        }
        if (type instanceof TypeVariable<?> v) {
            TypeInfo<?> info = infoBindings.get(v);
            if (info != null) {
                return info;
            }
            Type bound = typeBindings.get(v);
            if (bound != null && bound != v) {
                return analyze(bound);
            }
            throw new InvalidTypesException("type variable '" + v.getName() + "' of " + describe(v.getGenericDeclaration())
                    + " cannot be determined (erased by the compiler)");
        }
        if (type instanceof GenericArrayType g) {
            return ObjectArrayTypeInfo.getInfoFor(analyze(g.getGenericComponentType()));
        }
        if (type instanceof WildcardType w) {
            throw new InvalidTypesException("wildcard type '" + w + "' cannot be used as a data type");
        }
        throw new InvalidTypesException("type '" + type + "' is not supported");
    }

    private static String describe(Object declaration) {
        if (declaration instanceof Class<?> c) {
            return c.getName();
        }
        if (declaration instanceof Method m) {
            return "method " + m.getDeclaringClass().getSimpleName() + "." + m.getName();
        }
        return String.valueOf(declaration);
    }

    private TypeInfo<?> analyzeParameterized(ParameterizedType p) {
        Class<?> raw = (Class<?>) p.getRawType();
        Type[] args = p.getActualTypeArguments();
        if (isStandardTuple(raw)) {
            TypeInfo<?>[] fields = new TypeInfo<?>[args.length];
            for (int i = 0; i < args.length; i++) {
                try {
                    fields[i] = analyze(args[i]);
                } catch (TypeInfoFactoryException e) {
                    throw e;
                } catch (InvalidTypesException e) {
                    throw new InvalidTypesException("field f" + i + " of " + raw.getSimpleName() + ": " + e.getMessage(), e);
                }
            }
            return new TupleTypeInfo<>(castTuple(raw), fields);
        }
        TypeVariable<?>[] vars = raw.getTypeParameters();
        for (int i = 0; i < vars.length && i < args.length; i++) {
            typeBindings.put(vars[i], Generics.substitute(args[i], typeBindings));
        }
        return analyzeClass(raw);
    }

    @SuppressWarnings("unchecked")
    private static Class<Tuple> castTuple(Class<?> c) {
        return (Class<Tuple>) c;
    }

    static boolean isStandardTuple(Class<?> c) {
        int arity = c.getTypeParameters().length;
        return Tuple.class.isAssignableFrom(c) && arity >= 1 && arity <= Tuple.MAX_ARITY && Tuple.getTupleClass(arity) == c;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    TypeInfo<?> analyzeClass(Class<?> c) {
        BasicTypeInfo<?> basic = BasicTypeInfo.getInfoFor(c);
        if (basic != null) {
            return basic;
        }
        if (c.isArray()) {
            return c.getComponentType().isPrimitive() ? PrimitiveArrayTypeInfo.getInfoFor(c)
                    : ObjectArrayTypeInfo.getInfoFor(analyze(c.getComponentType()));
        }
        if (Tuple.class.isAssignableFrom(c)) {
            return analyzeTuple(c);
        }
        if (c.getSuperclass() != null && c.getSuperclass().isEnum()) {
            return analyzeClass(c.getSuperclass()); // the class of an enum constant with a body
        }
        if (!inProgress.add(c)) {
            return new GenericTypeInfo<>(c);
        }
        try {
            TypeInfo<?> registeredInfo = registeredTypeInfo(c);
            if (registeredInfo != null) {
                return registeredInfo;
            }
            if (c.isEnum()) {
                return new EnumTypeInfo(c);
            }
            if (c.isRecord()) {
                return analyzeRecord(c);
            }
            TypeInfo<?> pojo = pojoProblem(c) == null ? analyzePojo(c) : null;
            return pojo != null ? pojo : new GenericTypeInfo<>(c);
        } finally {
            inProgress.remove(c);
        }
    }

    /** The type information of the class's annotation or of the family accepting it, or null if neither applies. */
    private TypeInfo<?> registeredTypeInfo(Class<?> c) {
        TypeArguments arguments = new TypeArguments(this, c);
        TypeInfo<?> annotated = RegisteredTypes.fromAnnotation(c, arguments);
        if (annotated != null) {
            return annotated;
        }
        if (registered == null) {
            registered = RegisteredTypes.current();
        }
        return registered.fromFamilies(c, arguments);
    }

    private TypeInfo<?> analyzeTuple(Class<?> c) {
        if (c == Tuple.class) {
            throw new InvalidTypesException("the abstract class Tuple does not say how many fields or which types;"
                    + " use a concrete Tuple1..Tuple" + Tuple.MAX_ARITY + " with its type arguments");
        }
        if (isStandardTuple(c)) {
            TypeVariable<?>[] vars = c.getTypeParameters();
            Type[] args = new Type[vars.length];
            boolean bound = true;
            for (int i = 0; i < vars.length; i++) {
                args[i] = typeBindings.get(vars[i]);
                bound &= args[i] != null || infoBindings.containsKey(vars[i]);
            }
            if (!bound) {
                throw new InvalidTypesException(c.getSimpleName() + " is used without its type arguments (a raw type, or"
                        + " erased by the compiler), so its field types are unknown; use new TypeHint<" + c.getSimpleName()
                        + "<...>>() {} or Types.TUPLE(...)");
            }
            return analyzeParameterized(Generics.parameterized(c, vars));
        }
        Type[] args = Generics.findArguments(c, Tuple.getTupleClass(tupleArity(c)), typeBindings);
        TypeInfo<?>[] fields = new TypeInfo<?>[args.length];
        for (int i = 0; i < args.length; i++) {
            fields[i] = analyze(args[i]);
        }
        return new TupleTypeInfo<>(castTuple(c), fields);
    }

    private static int tupleArity(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (isStandardTuple(k)) {
                return k.getTypeParameters().length;
            }
        }
        throw new InvalidTypesException("Bug: " + c.getName() + " extends Tuple but no TupleN");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private TypeInfo<?> analyzeRecord(Class<?> c) {
        RecordComponent[] components = c.getRecordComponents();
        TypeInfo<?>[] types = new TypeInfo<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = analyzeMember(components[i].getGenericType(), components[i].getType());
        }
        return new RecordTypeInfo(c, types);
    }

    /** A field or component: falls back to generic (Kryo) when its type cannot be determined. */
    private TypeInfo<?> analyzeMember(Type genericType, Class<?> erasure) {
        try {
            return analyze(genericType);
        } catch (TypeInfoFactoryException e) {
            throw e;
        } catch (InvalidTypesException e) {
            return erasure.isPrimitive() ? BasicTypeInfo.getInfoFor(erasure) : new GenericTypeInfo<>(erasure);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private TypeInfo<?> analyzePojo(Class<?> c) {
        List<Field> fields = pojoFields(c, typeBindings);
        fields.sort((a, b) -> a.getName().compareTo(b.getName()));
        String[] names = new String[fields.size()];
        Class<?>[] declaring = new Class<?>[fields.size()];
        TypeInfo<?>[] types = new TypeInfo<?>[fields.size()];
        for (int i = 0; i < names.length; i++) {
            Field f = fields.get(i);
            names[i] = f.getName();
            declaring[i] = f.getDeclaringClass();
            types[i] = analyzeMember(f.getGenericType(), f.getType());
        }
        return new PojoTypeInfo(c, names, declaring, types);
    }

    /** The serializable fields of {@code c} and its superclasses; binds the superclasses' type variables on the way. */
    private static List<Field> pojoFields(Class<?> c, Map<TypeVariable<?>, Type> bindings) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()) {
                    fields.add(f);
                }
            }
            if (bindings != null && k.getGenericSuperclass() instanceof ParameterizedType sup) {
                Type[] args = sup.getActualTypeArguments();
                TypeVariable<?>[] vars = k.getSuperclass().getTypeParameters();
                for (int i = 0; i < vars.length; i++) {
                    bindings.putIfAbsent(vars[i], Generics.substitute(args[i], bindings));
                }
            }
        }
        return fields;
    }

    /**
     * Why {@code c} is not a POJO, or null if it is one: a public, non-abstract, top-level or static
     * class with a public no-argument constructor and at least one field, whose non-static,
     * non-transient fields are non-final and either public or have a public getter and setter, and
     * whose field names are unique along the class hierarchy.
     */
    static String pojoProblem(Class<?> c) {
        if (!Modifier.isPublic(c.getModifiers())) {
            return "the class is not public";
        }
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            return "it is an interface or abstract class";
        }
        if (c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers())) {
            return "it is a non-static inner class (make it static)";
        }
        try {
            if (!Modifier.isPublic(c.getConstructor().getModifiers())) {
                return "it has no public no-argument constructor";
            }
        } catch (NoSuchMethodException e) {
            return "it has no public no-argument constructor";
        }
        List<Field> fields = pojoFields(c, null);
        if (fields.isEmpty()) {
            return "it has no fields";
        }
        Set<String> names = new HashSet<>();
        for (Field f : fields) {
            if (!names.add(f.getName())) {
                return "field '" + f.getName() + "' is declared twice in the class hierarchy";
            }
            if (Modifier.isFinal(f.getModifiers())) {
                return "field '" + f.getName() + "' is final";
            }
            if (!Modifier.isPublic(f.getModifiers()) && !hasAccessors(c, f)) {
                return "field '" + f.getName() + "' is neither public nor has a public getter and setter";
            }
        }
        return null;
    }

    private static boolean hasAccessors(Class<?> c, Field f) {
        String name = f.getName();
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        boolean getter = false;
        boolean setter = false;
        for (Method m : c.getMethods()) {
            String mn = m.getName();
            if (m.getParameterCount() == 0 && m.getReturnType() == f.getType()
                    && (mn.equals("get" + cap) || mn.equals(name) || (mn.equals("is" + cap)
                            && (f.getType() == boolean.class || f.getType() == Boolean.class)))) {
                getter = true;
            } else if (m.getParameterCount() == 1 && mn.equals("set" + cap) && m.getParameterTypes()[0] == f.getType()) {
                setter = true;
            }
        }
        return getter && setter;
    }
}
