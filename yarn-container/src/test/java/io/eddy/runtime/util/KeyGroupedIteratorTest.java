package io.eddy.runtime.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class KeyGroupedIteratorTest {

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, Integer>> STRING_INT =
            (CompositeType<Tuple2<String, Integer>>) Types.<Tuple2<String, Integer>>TUPLE(Types.STRING, Types.INT);

    static <T> MutableObjectIterator<T> iteratorOf(List<T> records) {
        Iterator<T> it = records.iterator();
        return new MutableObjectIterator<>() {
            @Override
            public T next(T reuse) {
                return next();
            }

            @Override
            public T next() {
                return it.hasNext() ? it.next() : null;
            }
        };
    }

    private static KeyGroupedIterator<Tuple2<String, Integer>> groups(List<Tuple2<String, Integer>> sorted) {
        return new KeyGroupedIterator<>(iteratorOf(sorted), STRING_INT.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig()));
    }

    @Test
    void handsOutOneGroupPerKey() throws Exception {
        List<Tuple2<String, Integer>> input = List.of(Tuple2.of("a", 1), Tuple2.of("a", 2), Tuple2.of("b", 3),
                Tuple2.of("c", 4), Tuple2.of("c", 5), Tuple2.of("c", 6));
        KeyGroupedIterator<Tuple2<String, Integer>> groups = groups(input);
        List<String> seen = new ArrayList<>();
        while (groups.nextKey()) {
            StringBuilder group = new StringBuilder(groups.getCurrent().f0).append(':');
            groups.getValues().forEachRemaining(t -> group.append(t.f1));
            seen.add(group.toString());
        }
        assertThat(seen).containsExactly("a:12", "b:3", "c:456");
        assertThat(groups.nextKey()).isFalse();
    }

    @Test
    void skipsWhatTheCallerLeftUnreadOfAGroup() throws Exception {
        List<Tuple2<String, Integer>> input = List.of(Tuple2.of("a", 1), Tuple2.of("a", 2), Tuple2.of("a", 3), Tuple2.of("b", 4));
        KeyGroupedIterator<Tuple2<String, Integer>> groups = groups(input);
        assertThat(groups.nextKey()).isTrue();
        assertThat(groups.getValues().next().f1).isEqualTo(1);
        assertThat(groups.nextKey()).isTrue();
        Iterator<Tuple2<String, Integer>> values = groups.getValues();
        assertThat(values.next().f1).isEqualTo(4);
        assertThat(values.hasNext()).isFalse();
        assertThatThrownBy(values::next).isInstanceOf(NoSuchElementException.class);
        assertThat(groups.nextKey()).isFalse();
    }

    @Test
    void emptyInputHasNoGroupsAndNoCurrent() throws Exception {
        KeyGroupedIterator<Tuple2<String, Integer>> groups = groups(List.of());
        assertThat(groups.nextKey()).isFalse();
        assertThatThrownBy(groups::getCurrent).isInstanceOf(IllegalStateException.class).hasMessageContaining("nextKey()");
    }
}
