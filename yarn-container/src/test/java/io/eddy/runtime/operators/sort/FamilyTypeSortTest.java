package io.eddy.runtime.operators.sort;

import static io.eddy.runtime.operators.sort.NormalizedKeySorterTest.drain;
import static io.eddy.runtime.operators.sort.SortTestTypes.heapPages;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.family.Money;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.KeySpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sorter orders records of a type family ({@link Money}, from the dataflow-api test jar) by the
 * family comparator's normalized keys: with a comparator that fails whenever records are compared
 * as objects or serialized, the sort still comes out in the family's order, because the
 * normalized key is the whole key.
 */
class FamilyTypeSortTest {

    private static final Comparator<Money> FAMILY_ORDER = Comparator.comparing(Money::currency).thenComparingLong(Money::cents);

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void recordsOfAFamilyTypeSortByItsNormalizedKeysAlone(boolean ascending) throws Exception {
        SerializerConfig config = new SerializerConfig();
        TypeComparator<Money> family = KeySpec.of(new int[] {0}, new boolean[] {ascending}).createComparator(MoneyTypeInfo.INSTANCE, config);
        NormalizedKeySorter<Money> sorter = new NormalizedKeySorter<>(MoneyTypeInfo.INSTANCE.createSerializer(config),
                new NormalizedKeysOnly(family), heapPages(16, 4096));
        Random random = new Random(42);
        String[] currencies = {"USD", "CHF", "JPY", "EUR"};
        List<Money> written = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            Money m = Money.of(currencies[random.nextInt(currencies.length)], random.nextInt(2_000) - 1_000);
            assertThat(sorter.write(m)).isTrue();
            written.add(m);
        }

        sorter.sort();

        List<Money> expected = new ArrayList<>(written);
        expected.sort(ascending ? FAMILY_ORDER : FAMILY_ORDER.reversed());
        assertThat(expected).as("the family's order is not Money's natural order").isNotEqualTo(written.stream().sorted().toList());
        assertThat(drain(sorter.getIterator())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFamilyKeyFieldGivesATupleTheFamilysWholeNormalizedKey(boolean ascending) {
        TypeInfo<Tuple2<Money, Long>> type = new TypeHint<Tuple2<Money, Long>>() {}.getTypeInfo();
        TypeComparator<Tuple2<Money, Long>> comparator =
                KeySpec.of(new int[] {0}, new boolean[] {ascending}).createComparator(type, new SerializerConfig());
        assertThat(comparator.supportsNormalizedKey()).isTrue();
        assertThat(comparator.getNormalizeKeyLen()).isEqualTo(11);
        assertThat(comparator.isNormalizedKeyPrefixOnly(11)).isFalse();
        assertThat(comparator.invertNormalizedKey()).isEqualTo(!ascending);
    }

    /** Delegates to the family's comparator but fails if records are compared other than by normalized keys. */
    private static final class NormalizedKeysOnly extends TypeComparator<Money> {

        private static final long serialVersionUID = 1L;

        private final TypeComparator<Money> family;

        NormalizedKeysOnly(TypeComparator<Money> family) {
            this.family = family;
        }

        private static AssertionError compared() {
            return new AssertionError("records were compared although their normalized keys are whole keys");
        }

        @Override
        public int hash(Money record) {
            return family.hash(record);
        }

        @Override
        public void setReference(Money toCompare) {
            family.setReference(toCompare);
        }

        @Override
        public boolean equalToReference(Money candidate) {
            throw compared();
        }

        @Override
        public int compareToReference(TypeComparator<Money> referencedComparator) {
            throw compared();
        }

        @Override
        public int compare(Money first, Money second) {
            throw compared();
        }

        @Override
        public int compareSerialized(DataInputView firstSource, DataInputView secondSource) {
            throw compared();
        }

        @Override
        public boolean supportsNormalizedKey() {
            return family.supportsNormalizedKey();
        }

        @Override
        public int getNormalizeKeyLen() {
            return family.getNormalizeKeyLen();
        }

        @Override
        public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
            return family.isNormalizedKeyPrefixOnly(keyBytes);
        }

        @Override
        public void putNormalizedKey(Money record, MemorySegment target, int offset, int numBytes) {
            family.putNormalizedKey(record, target, offset, numBytes);
        }

        @Override
        public boolean invertNormalizedKey() {
            return family.invertNormalizedKey();
        }

        @Override
        public int extractKeys(Object record, Object[] target, int index) {
            return family.extractKeys(record, target, index);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public TypeComparator[] getFlatComparators() {
            return new TypeComparator[] {this};
        }

        @Override
        public TypeComparator<Money> duplicate() {
            return new NormalizedKeysOnly(family.duplicate());
        }
    }
}
