package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.TypeArguments;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.TypeInfoFactory;
import io.eddy.api.common.typeinfo.TypeInfoFamily;
import io.eddy.api.common.typeinfo.TypeInfoFrom;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TestTypes;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Families and factories for the analyzer's tests of precedence and failures. Those that are
 * {@link TypeInfoFamily} services are listed only in services files the tests write for a class
 * loader of their own, so the other tests never see them.
 */
public final class TestFamilies {

    private TestFamilies() {}

    /** Type information that only names its class and who made it: for the analyzer's tests, never serialized. */
    public static final class MarkerTypeInfo<T> extends TypeInfo<T> {

        private static final long serialVersionUID = 1L;

        private final Class<T> type;
        private final String madeBy;
        private final List<TypeInfo<?>> arguments;

        public MarkerTypeInfo(Class<T> type, String madeBy, List<TypeInfo<?>> arguments) {
            this.type = type;
            this.madeBy = madeBy;
            this.arguments = List.copyOf(arguments);
        }

        public String madeBy() {
            return madeBy;
        }

        public List<TypeInfo<?>> arguments() {
            return arguments;
        }

        @Override
        public Class<T> getTypeClass() {
            return type;
        }

        @Override
        public boolean isBasicType() {
            return false;
        }

        @Override
        public boolean isTupleType() {
            return false;
        }

        @Override
        public int getArity() {
            return 1;
        }

        @Override
        public int getTotalFields() {
            return 1;
        }

        @Override
        public boolean isKeyType() {
            return false;
        }

        @Override
        public TypeSerializer<T> createSerializer(SerializerConfig config) {
            throw new UnsupportedOperationException("MarkerTypeInfo is for the analyzer's tests only");
        }

        @Override
        public String toString() {
            return "Marker<" + type.getSimpleName() + " by " + madeBy + ">";
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof MarkerTypeInfo<?> m && m.type == type && m.madeBy.equals(madeBy) && m.arguments.equals(arguments);
        }

        @Override
        public int hashCode() {
            return Objects.hash(type, madeBy, arguments);
        }
    }

    /**
     * Accepts built-in classes (never asked), the annotated {@link GraphId} (the annotation wins),
     * and an enum, a record, a POJO and a generic class (the family wins).
     */
    public static final class GreedyFamily implements TypeInfoFamily {
        public static final Set<Class<?>> ACCEPTED = Set.of(Integer.class, String.class, int[].class, String[].class, Tuple2.class,
                GraphId.class, TestTypes.Color.class, TestTypes.Point.class, TestTypes.Person.class, TestTypes.Opaque.class);

        @Override
        public boolean accepts(Class<?> type) {
            return ACCEPTED.contains(type);
        }

        @Override
        public <T> TypeInfo<T> createTypeInfo(Class<T> type, TypeArguments typeArguments) {
            return new MarkerTypeInfo<>(type, "GreedyFamily", List.of());
        }
    }

    /** A second family of {@link Money}: with {@link MoneyFamily} on the class path, a conflict. */
    public static final class SecondMoneyFamily implements TypeInfoFamily {
        @Override
        public boolean accepts(Class<?> type) {
            return type == Money.class;
        }

        @Override
        public <T> TypeInfo<T> createTypeInfo(Class<T> type, TypeArguments typeArguments) {
            return new MarkerTypeInfo<>(type, "SecondMoneyFamily", List.of());
        }
    }

    /** A class whose family fails. */
    public static final class Exploding {
        public int value;
    }

    /** Accepts {@link Exploding} and fails to create its type information. */
    public static final class ExplodingFamily implements TypeInfoFamily {
        @Override
        public boolean accepts(Class<?> type) {
            return type == Exploding.class;
        }

        @Override
        public <T> TypeInfo<T> createTypeInfo(Class<T> type, TypeArguments typeArguments) {
            throw new IllegalStateException("the exploding family has no type information today");
        }
    }

    /** A POJO with a field of a class whose family fails. */
    public static class HoldsExploding {
        public String name;
        public Exploding exploding;
    }

    /** An annotated generic class: its factory records the type argument it was given. */
    @TypeInfoFrom(VersionedFactory.class)
    public static final class Versioned<V> {
        public V value;
        public long version;
    }

    /** The factory of {@link Versioned}. */
    public static final class VersionedFactory implements TypeInfoFactory<Versioned<?>> {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public TypeInfo<Versioned<?>> createTypeInfo(Class<Versioned<?>> type, TypeArguments typeArguments) {
            List<TypeInfo<?>> arguments = typeArguments.isBound(0) ? List.of(typeArguments.get(0)) : List.of();
            return new MarkerTypeInfo(type, "VersionedFactory", arguments);
        }
    }

    /** A POJO with a generic field of an annotated class. */
    public static class HoldsVersioned {
        public Versioned<String> current;
        public int count;
    }

    /** An annotated class whose factory fails. */
    @TypeInfoFrom(FailingFactory.class)
    public static final class Failing {
        public int value;
    }

    /** Fails for every class. */
    public static final class FailingFactory implements TypeInfoFactory<Failing> {
        @Override
        public TypeInfo<Failing> createTypeInfo(Class<Failing> type, TypeArguments typeArguments) {
            throw new ArithmeticException("the failing factory divides by zero");
        }
    }

    /** An annotated class whose factory returns the type information of another class. */
    @TypeInfoFrom(WrongClassFactory.class)
    public static final class WrongClass {
        public int value;
    }

    /** Returns Money's type information for {@link WrongClass}. */
    public static final class WrongClassFactory implements TypeInfoFactory<WrongClass> {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public TypeInfo<WrongClass> createTypeInfo(Class<WrongClass> type, TypeArguments typeArguments) {
            return (TypeInfo) MoneyTypeInfo.INSTANCE;
        }
    }
}
