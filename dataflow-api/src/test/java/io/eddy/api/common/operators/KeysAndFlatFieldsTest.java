package io.eddy.api.common.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Flat field positions of nested types, and keys over them. */
class KeysAndFlatFieldsTest {

    /** A POJO: fields are ordered by name (age, name, score). */
    public static class Person {
        public String name;
        public int age;
        public Tuple2<Double, Double> score;
    }

    /** A record: components in declaration order. */
    public record Visit(String page, long millis) {
    }

    private static final TypeInfo<Tuple2<Tuple2<String, Integer>, Long>> NESTED =
            Types.TUPLE(Types.TUPLE(Types.STRING, Types.INT), Types.LONG);

    @Test
    void nestedTuplesFlattenDepthFirst() {
        assertThat(FlatFields.of(NESTED, "f0", "op")).containsExactly(0, 1);
        assertThat(FlatFields.of(NESTED, "f0.f1", "op")).containsExactly(1);
        assertThat(FlatFields.of(NESTED, "f1", "op")).containsExactly(2);
        assertThat(FlatFields.of(NESTED, 1, "op")).containsExactly(2);
        assertThat(FlatFields.of(NESTED, "*", "op")).containsExactly(0, 1, 2);
        assertThat(FlatFields.leafTypes(NESTED)).containsExactly(Types.STRING, Types.INT, Types.LONG);
        assertThat(FlatFields.of(Types.STRING, 0, "op")).containsExactly(0);
    }

    @Test
    void pojoFieldsAreOrderedByNameAndRecordsByDeclaration() {
        TypeInfo<Person> person = Types.POJO(Person.class);
        assertThat(FlatFields.of(person, "age", "op")).containsExactly(0);
        assertThat(FlatFields.of(person, "name", "op")).containsExactly(1);
        assertThat(FlatFields.of(person, "score", "op")).containsExactly(2, 3);
        assertThat(FlatFields.of(person, "score.f1", "op")).containsExactly(3);
        TypeInfo<Visit> visit = Types.RECORD(Visit.class);
        assertThat(FlatFields.of(visit, "millis", "op")).containsExactly(1);
    }

    @Test
    void unknownFieldsNameTheOperator() {
        assertThatThrownBy(() -> FlatFields.of(NESTED, "f0.f5", "groupBy on 'X'"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("groupBy on 'X'")
                .hasMessageContaining("'f5'");
        assertThatThrownBy(() -> FlatFields.of(NESTED, 2, "groupBy on 'X'"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("position 2");
        assertThatThrownBy(() -> FlatFields.of(Types.STRING, "length", "op"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("has no fields");
    }

    @Test
    void fieldKeysGiveFlatPositionsKeyTypeAndAWorkingSelector() throws Exception {
        Keys keys = Keys.forExpressions(NESTED, new String[] {"f1", "f0.f0"}, "op");
        assertThat(keys.getFlatPositions()).containsExactly(2, 0);
        assertThat(keys.getKeyType()).isEqualTo(Types.TUPLE(Types.LONG, Types.STRING));
        assertThat(keys.getNumberOfKeyFields()).isEqualTo(2);
        @SuppressWarnings("unchecked")
        KeySelector<Tuple2<Tuple2<String, Integer>, Long>, Object> selector =
                (KeySelector<Tuple2<Tuple2<String, Integer>, Long>, Object>) keys.getKeySelector();
        assertThat(selector.getKey(new Tuple2<>(new Tuple2<>("a", 1), 7L))).isEqualTo(new Tuple2<>(7L, "a"));

        Keys whole = Keys.forPositions(NESTED, new int[] {0}, "op");
        assertThat(whole.getFlatPositions()).containsExactly(0, 1);
        assertThat(whole.getKeyFieldTypes()).containsExactly(Types.STRING, Types.INT);
    }

    @Test
    void compatibilityComparesFlatKeyFieldTypes() {
        Keys fields = Keys.forPositions(NESTED, new int[] {0}, "op");
        KeySelector<String, Tuple2<String, Integer>> selector = s -> new Tuple2<>(s, s.length());
        Keys selected = Keys.forSelector(selector, Types.TUPLE(Types.STRING, Types.INT), "op");
        assertThat(selected.isSelectorKeys()).isTrue();
        assertThat(fields.isCompatibleWith(selected)).isTrue();
        Keys longKey = Keys.forPositions(NESTED, new int[] {1}, "op");
        assertThat(fields.isCompatibleWith(longKey)).isFalse();
        assertThat(List.of(fields.toString())).allMatch(s -> s.contains("flat [0, 1]"));
    }

    @Test
    void selectorKeysMustBeKeyTypes() {
        KeySelector<String, int[]> selector = s -> new int[] {s.length()};
        assertThatThrownBy(() -> Keys.forSelector(selector, Types.PRIMITIVE_ARRAY(Types.INT), "groupBy on 'Words'"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("groupBy on 'Words'")
                .hasMessageContaining("cannot be a key");
    }

    @Test
    void orderingAppendsAndPrints() {
        Ordering ordering = Ordering.empty().append(2, Types.LONG, Order.DESCENDING).append(0, Types.STRING, Order.ASCENDING);
        assertThat(ordering.size()).isEqualTo(2);
        assertThat(ordering.contains(2)).isTrue();
        assertThat(ordering.contains(1)).isFalse();
        assertThat(ordering).hasToString("[2 DESC, 0 ASC]");
        assertThat(Ordering.empty().isEmpty()).isTrue();
    }
}
