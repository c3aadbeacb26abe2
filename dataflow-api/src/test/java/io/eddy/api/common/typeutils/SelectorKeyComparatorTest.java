package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.KeySpec;
import org.junit.jupiter.api.Test;

/** A selector key's comparator against the one-field key of the same value: same hashes, orders, flat keys and normalized keys. */
class SelectorKeyComparatorTest {

    /** The second field: the records' key. */
    static final class Second implements KeySelector<Tuple2<String, Long>, Long> {
        @Override
        public Long getKey(Tuple2<String, Long> record) {
            return record.f1;
        }
    }

    static final class Failing implements KeySelector<Tuple2<String, Long>, Long> {
        @Override
        public Long getKey(Tuple2<String, Long> record) {
            throw new IllegalArgumentException("no key in " + record.f0);
        }
    }

    private final SerializerConfig config = new SerializerConfig();
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final TypeInfo<Tuple2<String, Long>> type = (TypeInfo) new TupleTypeInfo<>(Types.STRING, Types.LONG);
    private final TypeComparator<Tuple2<String, Long>> selected = KeySpec.selector(new Second(), Types.LONG).createComparator(type, config);
    private final TypeComparator<Tuple2<String, Long>> field = KeySpec.of(1).createComparator(type, config);

    @Test
    void itHashesComparesAndExtractsAsTheOneFieldKey() throws Exception {
        Tuple2<String, Long> a = Tuple2.of("a", 7L);
        Tuple2<String, Long> b = Tuple2.of("b", 9L);
        Tuple2<String, Long> otherA = Tuple2.of("z", 7L);
        assertThat(selected).isInstanceOf(SelectorKeyComparator.class);
        for (Tuple2<String, Long> r : java.util.List.of(a, b, otherA)) {
            assertThat(selected.hash(r)).isEqualTo(field.hash(r));
        }
        assertThat(selected.compare(a, b)).isNegative();
        assertThat(selected.compare(a, otherA)).isZero();
        selected.setReference(a);
        assertThat(selected.equalToReference(otherA)).isTrue();
        assertThat(selected.equalToReference(b)).isFalse();
        Object[] keys = new Object[1];
        assertThat(selected.extractKeys(b, keys, 0)).isEqualTo(1);
        assertThat(keys[0]).isEqualTo(9L);

        MemorySegment s1 = MemorySegment.wrap(new byte[8]);
        MemorySegment s2 = MemorySegment.wrap(new byte[8]);
        selected.putNormalizedKey(a, s1, 0, 8);
        field.putNormalizedKey(a, s2, 0, 8);
        assertThat(s1.compare(s2, 0, 0, 8)).isZero();

        TypeSerializer<Tuple2<String, Long>> serializer = type.createSerializer(config);
        DataOutputSerializer out1 = new DataOutputSerializer(32);
        DataOutputSerializer out2 = new DataOutputSerializer(32);
        serializer.serialize(b, out1);
        serializer.serialize(a, out2);
        assertThat(selected.compareSerialized(new DataInputDeserializer(out1.getCopyOfBuffer()), new DataInputDeserializer(out2.getCopyOfBuffer())))
                .isPositive();
        assertThat(selected.duplicate().compare(b, a)).isPositive();
    }

    /** A tuple key: the selected pair hashes and pairs as the two fields it was taken from. */
    static final class Both implements KeySelector<Tuple2<String, Long>, Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> getKey(Tuple2<String, Long> record) {
            return Tuple2.of(record.f0, record.f1);
        }
    }

    @Test
    void aTupleKeyHashesAndExtractsAsTheFieldsItWasTakenFrom() {
        TypeComparator<Tuple2<String, Long>> pair = KeySpec.selector(new Both(), type).createComparator(type, config);
        TypeComparator<Tuple2<String, Long>> fields = KeySpec.of(0, 1).createComparator(type, config);
        Tuple2<String, Long> r = Tuple2.of("k", 3L);
        assertThat(pair.hash(r)).isEqualTo(fields.hash(r));
        Object[] keys = new Object[2];
        assertThat(pair.extractKeys(r, keys, 0)).isEqualTo(2);
        assertThat(keys).containsExactly("k", 3L);
        pair.setReference(r);
        assertThat(pair.equalToReference(Tuple2.of("k", 3L))).isTrue();
        assertThat(pair.equalToReference(Tuple2.of("k", 4L))).isFalse();
    }

    @Test
    void aFailingSelectorNamesItself() {
        TypeComparator<Tuple2<String, Long>> failing = KeySpec.selector(new Failing(), Types.LONG).createComparator(type, config);
        assertThatThrownBy(() -> failing.hash(Tuple2.of("x", 1L))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(Failing.class.getName()).hasMessageContaining("no key in x");
    }

    @Test
    void aSelectorKeyHasNoFieldPositions() {
        KeySpec key = KeySpec.selector(new Second(), Types.LONG);
        assertThat(key.isSelector()).isTrue();
        assertThatThrownBy(key::positions).isInstanceOf(IllegalStateException.class).hasMessageContaining("no field positions");
        assertThat(key).isEqualTo(KeySpec.selector(new Second(), Types.LONG)).isNotEqualTo(KeySpec.of(1));
    }
}
