package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.TestTypes.Address;
import io.eddy.api.common.typeutils.TestTypes.Color;
import io.eddy.api.common.typeutils.TestTypes.Opaque;
import io.eddy.api.common.typeutils.TestTypes.Person;
import io.eddy.api.common.typeutils.TestTypes.Point;
import io.eddy.api.java.tuple.Tuple2;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The comparator contract for composite keys (tuples, records, POJOs), enums and Comparable generic types. */
@SuppressWarnings({"unchecked", "rawtypes"})
class CompositeComparatorsTest {

    static final SerializerConfig CONFIG = new SerializerConfig();

    @Nested
    class TupleKeyTest extends ComparatorContractTest<Tuple2<String, Integer>> {
        final CompositeType<Tuple2<String, Integer>> type = (CompositeType<Tuple2<String, Integer>>) Types.<Tuple2<String, Integer>>TUPLE(Types.STRING, Types.INT);

        protected TypeComparator<Tuple2<String, Integer>> createComparator(boolean asc) {
            return type.createComparator(new int[] {0, 1}, new boolean[] {asc, asc}, CONFIG);
        }
        protected TypeSerializer<Tuple2<String, Integer>> createSerializer() { return type.createSerializer(CONFIG); }
        @SuppressWarnings("unchecked")
        protected Tuple2<String, Integer>[] getSortedTestData() {
            return new Tuple2[] {Tuple2.of("", 5), Tuple2.of("a", -1), Tuple2.of("a", 0), Tuple2.of("a", 7), Tuple2.of("ab", 1), Tuple2.of("b", 0)};
        }
    }

    @Nested
    class FixedLengthTupleKeyTest extends ComparatorContractTest<Tuple2<Integer, Long>> {
        final CompositeType<Tuple2<Integer, Long>> type = (CompositeType<Tuple2<Integer, Long>>) Types.<Tuple2<Integer, Long>>TUPLE(Types.INT, Types.LONG);

        protected TypeComparator<Tuple2<Integer, Long>> createComparator(boolean asc) {
            return type.createComparator(new int[] {0, 1}, new boolean[] {asc, asc}, CONFIG);
        }
        protected TypeSerializer<Tuple2<Integer, Long>> createSerializer() { return type.createSerializer(CONFIG); }
        @SuppressWarnings("unchecked")
        protected Tuple2<Integer, Long>[] getSortedTestData() {
            return new Tuple2[] {Tuple2.of(-5, 0L), Tuple2.of(0, Long.MIN_VALUE), Tuple2.of(0, 3L), Tuple2.of(1, -1L), Tuple2.of(1, 0L)};
        }

        @Test
        void fullNormalizedKeyIsNotPrefixOnly() {
            TypeComparator<Tuple2<Integer, Long>> c = createComparator(true);
            assertThat(c.getNormalizeKeyLen()).isEqualTo(12);
            assertThat(c.isNormalizedKeyPrefixOnly(12)).isFalse();
            assertThat(c.isNormalizedKeyPrefixOnly(11)).isTrue();
        }
    }

    @Nested
    class RecordKeyTest extends ComparatorContractTest<Point> {
        final CompositeType<Point> type = (CompositeType<Point>) TypeInfo.of(Point.class);

        protected TypeComparator<Point> createComparator(boolean asc) {
            return type.createComparator(new int[] {1, 0}, new boolean[] {asc, asc}, CONFIG);
        }
        protected TypeSerializer<Point> createSerializer() { return type.createSerializer(CONFIG); }
        protected Point[] getSortedTestData() {
            return new Point[] {new Point(0, -1, "z"), new Point(5, -1, "a"), new Point(-3, 0, "q"), new Point(2, 0, "q"), new Point(0, 9, "")};
        }
    }

    @Nested
    class PojoKeyTest extends ComparatorContractTest<Person> {
        final CompositeType<Person> type = (CompositeType<Person>) TypeInfo.of(Person.class);

        protected TypeComparator<Person> createComparator(boolean asc) {
            return type.createComparator(new int[] {type.getFieldIndex("address"), type.getFieldIndex("age")},
                    new boolean[] {asc, asc}, CONFIG);
        }
        protected TypeSerializer<Person> createSerializer() { return type.createSerializer(CONFIG); }
        protected Person[] getSortedTestData() {
            return new Person[] {new Person("x", 3, new Address("A", 1), null), new Person("x", 4, new Address("A", 1), null),
                new Person("x", 0, new Address("A", 2), null), new Person("x", 0, new Address("B", 0), null)};
        }
    }

    @Nested
    class EnumKeyTest extends ComparatorContractTest<Color> {
        protected TypeComparator<Color> createComparator(boolean asc) {
            return ((AtomicType<Color>) Types.ENUM(Color.class)).createComparator(asc, CONFIG);
        }
        protected TypeSerializer<Color> createSerializer() { return Types.ENUM(Color.class).createSerializer(CONFIG); }
        protected Color[] getSortedTestData() { return Color.values(); }
    }

    @Nested
    class ComparableGenericKeyTest extends ComparatorContractTest<Opaque> {
        protected TypeComparator<Opaque> createComparator(boolean asc) {
            return ((AtomicType<Opaque>) TypeInfo.of(Opaque.class)).createComparator(asc, CONFIG);
        }
        protected TypeSerializer<Opaque> createSerializer() { return TypeInfo.of(Opaque.class).createSerializer(CONFIG); }
        protected Opaque[] getSortedTestData() { return new Opaque[] {new Opaque("a"), new Opaque("b"), new Opaque("c")}; }
    }

    @Test
    void nonKeyFieldIsRejectedWithItsName() {
        CompositeType<Person> type = (CompositeType<Person>) TypeInfo.of(Person.class);
        assertThatThrownBy(() -> type.createComparator(new int[] {type.getFieldIndex("tags")}, new boolean[] {true}, CONFIG))
                .isInstanceOf(InvalidTypesException.class).hasMessageContaining("'tags'").hasMessageContaining("cannot be a key");
    }
}
