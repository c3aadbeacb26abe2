package io.eddy.api.common.typeinfo.family;

import io.eddy.api.common.typeinfo.family.GraphIdTypeInfo.GraphIdComparator;
import io.eddy.api.common.typeinfo.family.GraphIdTypeInfo.GraphIdSerializer;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo.MoneyComparator;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo.MoneySerializer;
import io.eddy.api.common.typeutils.ComparatorContractTest;
import io.eddy.api.common.typeutils.SerializerContractTest;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Random;
import org.junit.jupiter.api.Nested;

/** The test type families keep the serializer and comparator contracts, as a family must. */
class FamilyTypesContractTest {

    @Nested
    class MoneySerializerTest extends SerializerContractTest<Money> {
        protected TypeSerializer<Money> createSerializer() { return MoneySerializer.INSTANCE; }
        protected int getLength() { return 11; }
        protected Class<Money> getTypeClass() { return Money.class; }
        protected Money[] getTestData() {
            return new Money[] {Money.of("EUR", 0), Money.of("CHF", -1), Money.of("USD", Long.MAX_VALUE), Money.of("ZZZ", Long.MIN_VALUE)};
        }
        @Override
        protected Money randomValue(Random random) {
            char[] c = {(char) ('A' + random.nextInt(26)), (char) ('A' + random.nextInt(26)), (char) ('A' + random.nextInt(26))};
            return Money.of(new String(c), random.nextLong());
        }
    }

    @Nested
    class MoneyComparatorTest extends ComparatorContractTest<Money> {
        protected TypeComparator<Money> createComparator(boolean asc) { return new MoneyComparator(asc); }
        protected TypeSerializer<Money> createSerializer() { return MoneySerializer.INSTANCE; }
        /** Currency first: CHF 900 sorts before EUR -5, unlike Money's natural order. */
        protected Money[] getSortedTestData() {
            return new Money[] {Money.of("AAA", Long.MIN_VALUE), Money.of("CHF", -1), Money.of("CHF", 900), Money.of("EUR", -5),
                Money.of("EUR", 0), Money.of("EUR", 1L << 40), Money.of("ZZZ", Long.MAX_VALUE)};
        }
    }

    @Nested
    class GraphIdSerializerTest extends SerializerContractTest<GraphId> {
        protected TypeSerializer<GraphId> createSerializer() { return GraphIdSerializer.INSTANCE; }
        protected int getLength() { return 8; }
        protected Class<GraphId> getTypeClass() { return GraphId.class; }
        protected GraphId[] getTestData() { return new GraphId[] {GraphId.of(0), GraphId.of(-7), GraphId.of(Long.MAX_VALUE)}; }
        @Override
        protected GraphId randomValue(Random random) { return GraphId.of(random.nextLong()); }
    }

    @Nested
    class GraphIdComparatorTest extends ComparatorContractTest<GraphId> {
        protected TypeComparator<GraphId> createComparator(boolean asc) { return new GraphIdComparator(asc); }
        protected TypeSerializer<GraphId> createSerializer() { return GraphIdSerializer.INSTANCE; }
        protected GraphId[] getSortedTestData() {
            return new GraphId[] {GraphId.of(Long.MIN_VALUE), GraphId.of(-1), GraphId.of(0), GraphId.of(255), GraphId.of(Long.MAX_VALUE)};
        }
    }
}
