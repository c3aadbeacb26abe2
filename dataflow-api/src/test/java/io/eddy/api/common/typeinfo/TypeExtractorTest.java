package io.eddy.api.common.typeinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.TestTypes.Box;
import io.eddy.api.common.typeutils.TestTypes.Color;
import io.eddy.api.common.typeutils.TestTypes.Opaque;
import io.eddy.api.common.typeutils.TestTypes.Person;
import io.eddy.api.common.typeutils.TestTypes.Point;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeExtractorTest {

    private static final TypeInfo<?>[] STRING_INPUT = {Types.STRING};

    // ---- classes and generic types ----

    /** Maps to a type only its constructor argument knows. */
    static final class Declared<T> implements MapFunction<String, T>, ResultTypeQueryable<T> {
        private final TypeInfo<T> type;

        Declared(TypeInfo<T> type) {
            this.type = type;
        }

        @Override
        public T map(String value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TypeInfo<T> getProducedType() {
            return type;
        }
    }

    @Test
    void aResultTypeQueryableFunctionGivesItsTypeItself() {
        TypeInfo<Long> type = TypeExtractor.getOutputType(new Declared<>(Types.LONG), MapFunction.class, 1,
                new TypeInfo<?>[] {Types.STRING}, "declared");
        assertThat(type).isEqualTo(Types.LONG);
        assertThatThrownBy(() -> TypeExtractor.getOutputType(new Declared<>(null), MapFunction.class, 1, new TypeInfo<?>[] {Types.STRING},
                "declared")).isInstanceOf(InvalidTypesException.class).hasMessageContaining("'declared'").hasMessageContaining("null");
    }

    @Test
    void basicTypesAndArrays() {
        assertThat(TypeInfo.of(String.class)).isEqualTo(Types.STRING);
        assertThat(TypeExtractor.createTypeInfo(int.class)).isEqualTo(Types.INT);
        assertThat(TypeInfo.of(int[].class)).isEqualTo(PrimitiveArrayTypeInfo.INT_ARRAY);
        assertThat(TypeInfo.of(String[].class)).isEqualTo(Types.OBJECT_ARRAY(Types.STRING));
        assertThat(TypeInfo.of(Color.class)).isEqualTo(Types.ENUM(Color.class));
        assertThat(TypeInfo.of(Opaque.class)).isEqualTo(Types.GENERIC(Opaque.class));
    }

    @Test
    void rawTupleClassAsksForATypeHint() {
        assertThatThrownBy(() -> TypeInfo.of(Tuple2.class)).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("Tuple2").hasMessageContaining("TypeHint").hasMessageContaining("Types.TUPLE");
    }

    @Test
    void typeHintCapturesNestedTuples() {
        TypeInfo<Tuple3<String, Integer, Tuple2<Long, int[]>>> type =
                new TypeHint<Tuple3<String, Integer, Tuple2<Long, int[]>>>() {}.getTypeInfo();
        assertThat(type).isEqualTo(Types.TUPLE(Types.STRING, Types.INT, Types.TUPLE(Types.LONG, PrimitiveArrayTypeInfo.INT_ARRAY)));
        assertThat(type.isTupleType()).isTrue();
        assertThat(type.getArity()).isEqualTo(3);
        assertThat(type.getTotalFields()).isEqualTo(4);
        assertThat(type.toString()).isEqualTo("Tuple3<String, Integer, Tuple2<Long, int[]>>");
    }

    @Test
    void recordsAreAnalysedByComponent() {
        TypeInfo<Point> type = TypeInfo.of(Point.class);
        assertThat(type).isInstanceOf(RecordTypeInfo.class);
        RecordTypeInfo<Point> record = (RecordTypeInfo<Point>) type;
        assertThat(record.getFieldNames()).containsExactly("x", "y", "label");
        assertThat(record.getTypeAt("label")).isEqualTo(Types.STRING);
        assertThat(record.getTypeAt(0)).isEqualTo(Types.INT);
        assertThat(Types.RECORD(Point.class)).isEqualTo(type);
    }

    @Test
    void pojosHaveSortedFieldsAndNestedTypes() {
        TypeInfo<Person> type = TypeInfo.of(Person.class);
        assertThat(type).isInstanceOf(PojoTypeInfo.class);
        PojoTypeInfo<Person> pojo = (PojoTypeInfo<Person>) type;
        assertThat(pojo.getFieldNames()).containsExactly("address", "age", "name", "tags");
        assertThat(pojo.getTypeAt("address.city")).isEqualTo(Types.STRING);
        assertThat(pojo.getTypeAt("tags")).isEqualTo(Types.GENERIC(List.class));
        assertThat(pojo.getFieldIndex("missing")).isEqualTo(-1);
        assertThat(Types.POJO(Person.class)).isEqualTo(type);
    }

    @Test
    void genericPojoFieldsComeFromTypeArguments() {
        TypeInfo<Box<String>> type = new TypeHint<Box<String>>() {}.getTypeInfo();
        assertThat(((CompositeType<Box<String>>) type).getTypeAt("value")).isEqualTo(Types.STRING);
        TypeInfo<?> raw = TypeInfo.of(Box.class);
        assertThat(((CompositeType<?>) raw).getTypeAt("value")).isEqualTo(Types.GENERIC(Object.class));
    }

    @Test
    void notAPojoSaysWhy() {
        assertThatThrownBy(() -> Types.POJO(Opaque.class)).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("no public no-argument constructor").hasMessageContaining("Types.GENERIC");
    }

    @Test
    void typeFromValues() {
        assertThat(TypeExtractor.getForObject(Tuple2.of("a", 1))).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
        assertThat(TypeExtractor.getForObject(42L)).isEqualTo(Types.LONG);
        assertThatThrownBy(() -> TypeExtractor.getForObject(Tuple2.of("a", null)))
                .isInstanceOf(InvalidTypesException.class).hasMessageContaining("f1");
    }

    // ---- user functions ----

    @Test
    void anonymousClass() {
        MapFunction<String, Integer> f = new MapFunction<>() {
            @Override
            public Integer map(String value) {
                return value.length();
            }
        };
        assertThat(output(f, MapFunction.class, 1)).isEqualTo(Types.INT);
    }

    @Test
    void richFunctionAnonymousClass() {
        RichMapFunction<String, Tuple2<String, Color>> f = new RichMapFunction<>() {
            @Override
            public Tuple2<String, Color> map(String value) {
                return Tuple2.of(value, Color.RED);
            }
        };
        assertThat(output(f, MapFunction.class, 1)).isEqualTo(Types.TUPLE(Types.STRING, Types.ENUM(Color.class)));
    }

    @Test
    void lambdaReturningABasicType() {
        MapFunction<String, Integer> f = s -> s.length();
        assertThat(output(f, MapFunction.class, 1)).isEqualTo(Types.INT);
    }

    @Test
    void lambdaReturningARecord() {
        MapFunction<String, Point> f = s -> new Point(1, 2, s);
        assertThat(output(f, MapFunction.class, 1)).isEqualTo(TypeInfo.of(Point.class));
    }

    @Test
    void methodReferences() {
        MapFunction<String, Integer> unbound = String::length;
        MapFunction<String, Integer> staticRef = Integer::parseInt;
        String prefix = "p";
        MapFunction<String, String> bound = prefix::concat;
        MapFunction<String, StringBuilder> constructor = StringBuilder::new;
        assertThat(output(unbound, MapFunction.class, 1)).isEqualTo(Types.INT);
        assertThat(output(staticRef, MapFunction.class, 1)).isEqualTo(Types.INT);
        assertThat(output(bound, MapFunction.class, 1)).isEqualTo(Types.STRING);
        assertThat(output(constructor, MapFunction.class, 1)).isEqualTo(Types.GENERIC(StringBuilder.class));
    }

    @Test
    void keySelectorLambdaOnTuples() {
        KeySelector<Tuple2<String, Integer>, String> key = t -> t.f0;
        TypeInfo<?>[] input = {Types.TUPLE(Types.STRING, Types.INT)};
        assertThat(TypeExtractor.<String>getOutputType(key, KeySelector.class, 1, input, "keyBy")).isEqualTo(Types.STRING);
    }

    @Test
    void reduceLambdaUsesItsOnlyTypeArgument() {
        ReduceFunction<Integer> sum = (a, b) -> a + b;
        assertThat(TypeExtractor.<Integer>getOutputType(sum, ReduceFunction.class, 0, new TypeInfo<?>[0], "reduce"))
                .isEqualTo(Types.INT);
    }

    @Test
    void lambdaReturningAGenericTupleFailsNamingTheOperatorAndReturns() {
        MapFunction<String, Tuple2<String, Integer>> f = s -> Tuple2.of(s, 1);
        assertThatThrownBy(() -> output(f, MapFunction.class, 1)).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("'MyMapper'").hasMessageContaining(".returns(Types.STRING)")
                .hasMessageContaining(".returns(new TypeHint<Tuple2<String, Integer>>() {})");
    }

    @Test
    void flatMapLambdaCannotBeTyped() {
        FlatMapFunction<String, String> f = (s, out) -> out.collect(s);
        assertThatThrownBy(() -> TypeExtractor.getOutputType(f, FlatMapFunction.class, 1, STRING_INPUT, "Split words"))
                .isInstanceOf(InvalidTypesException.class).hasMessageContaining("'Split words'").hasMessageContaining(".returns(");
    }

    @Test
    void flatMapAnonymousClassIsTyped() {
        FlatMapFunction<String, Tuple2<String, Integer>> f = new FlatMapFunction<>() {
            @Override
            public void flatMap(String value, Collector<Tuple2<String, Integer>> out) {
                out.collect(Tuple2.of(value, 1));
            }
        };
        assertThat(TypeExtractor.<Object>getOutputType(f, FlatMapFunction.class, 1, STRING_INPUT, "flatMap"))
                .isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
    }

    /** The output is a type variable of the function class that is also its input. */
    static final class Identity<T> implements MapFunction<T, T> {
        @Override
        public T map(T value) {
            return value;
        }
    }

    /** The output contains a type variable bound to an input type through the input's tuple structure. */
    static final class Swap<A, B> implements MapFunction<Tuple2<A, B>, Tuple2<B, A>> {
        @Override
        public Tuple2<B, A> map(Tuple2<A, B> value) {
            return Tuple2.of(value.f1, value.f0);
        }
    }

    abstract static class WithCount<X> implements MapFunction<X, Tuple2<X, Long>> {
    }

    static final class CountStrings extends WithCount<String> {
        @Override
        public Tuple2<String, Long> map(String value) {
            return Tuple2.of(value, 1L);
        }
    }

    @Test
    void typeVariablesAreTakenFromInputTypes() {
        assertThat(output(new Identity<String>(), MapFunction.class, 1)).isEqualTo(Types.STRING);
        TypeInfo<?>[] input = {Types.TUPLE(Types.STRING, Types.INT)};
        assertThat(TypeExtractor.<Object>getOutputType(new Swap<String, Integer>(), MapFunction.class, 1, input, "swap"))
                .isEqualTo(Types.TUPLE(Types.INT, Types.STRING));
        assertThatThrownBy(() -> TypeExtractor.getOutputType(new Identity<String>(), MapFunction.class, 1, null, "id"))
                .isInstanceOf(InvalidTypesException.class).hasMessageContaining("'id'").hasMessageContaining("'T'");
    }

    @Test
    void hierarchyIsWalkedWithSubstitution() {
        assertThat(output(new CountStrings(), MapFunction.class, 1)).isEqualTo(Types.TUPLE(Types.STRING, Types.LONG));
    }

    @Test
    void sourceAndCoMapFunctions() {
        SourceFunction<Long> source = new SourceFunction<>() {
            @Override
            public void run(SourceContext<Long> ctx) {
                ctx.collect(1L);
            }

            @Override
            public void cancel() {
            }
        };
        assertThat(TypeExtractor.<Long>getOutputType(source, SourceFunction.class, 0, null, "source")).isEqualTo(Types.LONG);
        CoMapFunction<String, Integer, Boolean> coMap = new CoMapFunction<>() {
            @Override
            public Boolean map1(String value) {
                return true;
            }

            @Override
            public Boolean map2(Integer value) {
                return false;
            }
        };
        assertThat(TypeExtractor.<Boolean>getOutputType(coMap, CoMapFunction.class, 2, null, "coMap")).isEqualTo(Types.BOOLEAN);
    }

    @Test
    void outputTagsCaptureTheirType() {
        OutputTag<Tuple2<String, Long>> tag = new OutputTag<>("late") {};
        assertThat(tag.getTypeInfo()).isEqualTo(Types.TUPLE(Types.STRING, Types.LONG));
    }

    private static TypeInfo<?> output(Object function, Class<?> itf, int index) {
        return TypeExtractor.getOutputType((io.eddy.api.common.functions.Function) function, itf, index, STRING_INPUT, "MyMapper");
    }
}
