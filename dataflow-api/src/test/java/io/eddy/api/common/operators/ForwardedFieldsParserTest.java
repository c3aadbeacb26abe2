package io.eddy.api.common.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Forwarded-field expressions to flat field mappings, and their errors. */
class ForwardedFieldsParserTest {

    private static final TypeInfo<?> IN = Types.TUPLE(Types.STRING, Types.INT, Types.TUPLE(Types.LONG, Types.LONG));
    private static final TypeInfo<?> OUT = Types.TUPLE(Types.TUPLE(Types.LONG, Types.LONG), Types.STRING, Types.INT);

    private static Map<Integer, Set<Integer>> parse(TypeInfo<?> in, TypeInfo<?> out, String... declarations) {
        return ForwardedFieldsParser.parse(declarations, in, out, "Op", "withForwardedFields");
    }

    @Test
    void sameFieldArrowsNestedAndSeveralPerString() {
        assertThat(parse(IN, IN, "f0")).isEqualTo(Map.of(0, Set.of(0)));
        assertThat(parse(IN, OUT, "f0->f1; f1 -> f2")).isEqualTo(Map.of(0, Set.of(2), 1, Set.of(3)));
        assertThat(parse(IN, OUT, "f2->f0")).isEqualTo(Map.of(2, Set.of(0), 3, Set.of(1)));
        assertThat(parse(IN, OUT, "f2.f1->f0.f0")).isEqualTo(Map.of(3, Set.of(0)));
        assertThat(parse(IN, IN, "*")).isEqualTo(Map.of(0, Set.of(0), 1, Set.of(1), 2, Set.of(2), 3, Set.of(3)));
        assertThat(parse(Types.STRING, Types.TUPLE(Types.INT, Types.STRING), "*->f1")).isEqualTo(Map.of(0, Set.of(1)));
        assertThat(parse(IN, OUT, "f0->f1", "f0->f1")).isEqualTo(Map.of(0, Set.of(2)));
    }

    @Test
    void oneSourceMayReachSeveralTargets() {
        TypeInfo<?> twoStrings = Types.TUPLE(Types.STRING, Types.STRING);
        assertThat(parse(Types.TUPLE(Types.STRING), twoStrings, "f0->f0; f0->f1")).isEqualTo(Map.of(0, Set.of(0, 1)));
    }

    @Test
    void badExpressionsNameOperatorOriginAndExpression() {
        assertThatThrownBy(() -> parse(IN, OUT, "f7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Operator 'Op'")
                .hasMessageContaining("'f7'")
                .hasMessageContaining("withForwardedFields");
        assertThatThrownBy(() -> parse(IN, OUT, "f0->f2"))
                .hasMessageContaining("differs");
        assertThatThrownBy(() -> parse(IN, OUT, "f2->f1"))
                .hasMessageContaining("covers 2 fields");
        assertThatThrownBy(() -> parse(IN, OUT, "f0->f1->f2"))
                .hasMessageContaining("one source field");
        assertThatThrownBy(() -> parse(IN, OUT, "f0 f1"))
                .hasMessageContaining("not a field name");
        assertThatThrownBy(() -> parse(IN, IN, "*", "f1->f1; f0->f0", "f0->f1"))
                .isInstanceOf(IllegalArgumentException.class);
        TypeInfo<?> twoStrings = Types.TUPLE(Types.STRING, Types.STRING);
        assertThatThrownBy(() -> parse(twoStrings, twoStrings, "f0->f1; f1"))
                .hasMessageContaining("already declared a copy by 'f0->f1'");
    }

    @Test
    void semanticPropertiesAnswerBothDirections() {
        SingleInputSemanticProperties props = new SingleInputSemanticProperties(parse(IN, OUT, "f0->f1; f2->f0"));
        // OUT flattens to (long, long, String, int): "f0->f1" is flat 0 -> 2, "f2->f0" is 2 -> 0 and 3 -> 1.
        assertThat(props.getForwardingTargetFields(0, 0)).containsExactly(2);
        assertThat(props.getForwardingTargetFields(0, 1)).isEmpty();
        assertThat(props.getForwardingSourceField(0, 1)).isEqualTo(3);
        assertThat(props.getForwardingSourceField(0, 3)).isEqualTo(-1);
        assertThatThrownBy(() -> props.getForwardingTargetFields(1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        DualInputSemanticProperties dual = new DualInputSemanticProperties(Map.of(0, Set.of(1)), Map.of(1, Set.of(0)));
        assertThat(dual.getForwardingSourceField(1, 0)).isEqualTo(1);
        assertThat(dual.getForwardingTargetFields(0, 0)).containsExactly(1);
        assertThat(dual).hasToString("first {0->[1]}, second {1->[0]}");
    }
}
