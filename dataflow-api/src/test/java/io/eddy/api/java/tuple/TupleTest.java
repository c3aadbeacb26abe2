package io.eddy.api.java.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TupleTest {

    @Test
    void fieldsEqualityAndText() {
        Tuple3<String, Integer, Long> t = Tuple3.of("a", 1, 2L);
        assertThat(t.getArity()).isEqualTo(3);
        assertThat((String) t.getField(0)).isEqualTo("a");
        t.setField(5, 1);
        assertThat(t.f1).isEqualTo(5);
        assertThat(t).isEqualTo(new Tuple3<>("a", 5, 2L)).hasSameHashCodeAs(new Tuple3<>("a", 5, 2L));
        assertThat(t).isNotEqualTo(Tuple3.of("a", 5, 3L));
        assertThat(t.toString()).isEqualTo("(a,5,2)");
        Tuple3<String, Integer, Long> copy = t.copy();
        assertThat(copy).isEqualTo(t).isNotSameAs(t);
        assertThatThrownBy(() -> t.getField(3)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("0..2");
    }

    @Test
    void everyArityHasItsClassAndInstance() {
        for (int arity = 1; arity <= Tuple.MAX_ARITY; arity++) {
            Tuple t = Tuple.newInstance(arity);
            assertThat(t.getClass()).isEqualTo(Tuple.getTupleClass(arity));
            assertThat(t.getArity()).isEqualTo(arity);
            assertThat(t.getClass().getSimpleName()).isEqualTo("Tuple" + arity);
            for (int i = 0; i < arity; i++) {
                t.setField(i, i);
            }
            assertThat(t.<Integer>getField(arity - 1)).isEqualTo(arity - 1);
        }
        assertThatThrownBy(() -> Tuple.newInstance(26)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..25");
    }
}
