package io.eddy.api.common.typeinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.typeinfo.family.GraphId;
import io.eddy.api.common.typeinfo.family.GraphIdTypeInfo;
import io.eddy.api.common.typeinfo.family.Money;
import io.eddy.api.common.typeinfo.family.MoneyFamily;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo;
import io.eddy.api.common.typeinfo.family.MoneyTypeInfo.MoneyComparator;
import io.eddy.api.common.typeinfo.family.TestFamilies;
import io.eddy.api.common.typeinfo.family.TestFamilies.Exploding;
import io.eddy.api.common.typeinfo.family.TestFamilies.ExplodingFamily;
import io.eddy.api.common.typeinfo.family.TestFamilies.Failing;
import io.eddy.api.common.typeinfo.family.TestFamilies.GreedyFamily;
import io.eddy.api.common.typeinfo.family.TestFamilies.HoldsExploding;
import io.eddy.api.common.typeinfo.family.TestFamilies.HoldsVersioned;
import io.eddy.api.common.typeinfo.family.TestFamilies.MarkerTypeInfo;
import io.eddy.api.common.typeinfo.family.TestFamilies.SecondMoneyFamily;
import io.eddy.api.common.typeinfo.family.TestFamilies.Versioned;
import io.eddy.api.common.typeinfo.family.TestFamilies.WrongClass;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TestTypes;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.functions.SelectByReducer;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.KeySpec;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The type extension point: {@link TypeInfoFrom} annotations and {@link TypeInfoFamily} services
 * (the test resources register {@link MoneyFamily}; tests that need other families run with a
 * context class loader whose services file lists them).
 */
class TypeAnalyzerExtensionTest {

    /** A POJO with a field of a family type. */
    public static class Account {
        public String owner;
        public Money balance;
    }

    /** A record with components of an annotated type and a family type. */
    public record Payment(GraphId to, Money amount) {}

    @TempDir
    Path servicesRoot;

    // ---- where a family's type is found ----

    @Test
    void aFamilyGivesTheTypeInformationOfItsClass() {
        assertThat(TypeInfo.of(Money.class)).isSameAs(MoneyTypeInfo.INSTANCE);
        assertThat(TypeExtractor.getForObject(Money.of("EUR", 5))).isSameAs(MoneyTypeInfo.INSTANCE);
    }

    @Test
    void aFamilyTypeAsATupleField() {
        TypeInfo<Tuple2<Money, Integer>> type = new TypeHint<Tuple2<Money, Integer>>() {}.getTypeInfo();
        assertThat(type).isEqualTo(Types.TUPLE(MoneyTypeInfo.INSTANCE, Types.INT));
        assertThat(TypeExtractor.getForObject(Tuple2.of(Money.of("EUR", 1), GraphId.of(2))))
                .isEqualTo(Types.TUPLE(MoneyTypeInfo.INSTANCE, GraphIdTypeInfo.INSTANCE));
    }

    @Test
    void aFamilyTypeAsAPojoFieldAndARecordComponent() {
        TypeInfo<Account> account = TypeInfo.of(Account.class);
        assertThat(account).isInstanceOf(PojoTypeInfo.class);
        assertThat(((CompositeType<Account>) account).<Money>getTypeAt("balance")).isSameAs(MoneyTypeInfo.INSTANCE);

        CompositeType<Payment> payment = (CompositeType<Payment>) TypeInfo.of(Payment.class);
        assertThat(payment.<GraphId>getTypeAt("to")).isSameAs(GraphIdTypeInfo.INSTANCE);
        assertThat(payment.<Money>getTypeAt("amount")).isSameAs(MoneyTypeInfo.INSTANCE);
    }

    @Test
    void anAnnotationGivesTheTypeInformationOfItsClass() {
        assertThat(TypeInfo.of(GraphId.class)).isSameAs(GraphIdTypeInfo.INSTANCE);
        assertThat(TypeInfo.of(GraphId[].class)).isEqualTo(Types.OBJECT_ARRAY(GraphIdTypeInfo.INSTANCE));
    }

    @Test
    void theOutputTypeOfAFunctionComesFromTheFamily() {
        MapFunction<String, Money> parse = new MapFunction<>() {
            @Override
            public Money map(String value) {
                return Money.of(value.substring(0, 3), Long.parseLong(value.substring(4)));
            }
        };
        assertThat(TypeExtractor.<Money>getOutputType(parse, MapFunction.class, 1, new TypeInfo<?>[] {Types.STRING}, "parse"))
                .isSameAs(MoneyTypeInfo.INSTANCE);
    }

    @Test
    void factoriesGetTheTypeArgumentsWhereTheClassIsUsed() {
        CompositeType<HoldsVersioned> holder = (CompositeType<HoldsVersioned>) TypeInfo.of(HoldsVersioned.class);
        MarkerTypeInfo<?> current = (MarkerTypeInfo<?>) holder.getTypeAt("current");
        assertThat(current.madeBy()).isEqualTo("VersionedFactory");
        assertThat(current.arguments()).containsExactly(Types.STRING);

        assertThat(((MarkerTypeInfo<?>) new TypeHint<Versioned<Tuple2<Long, Money>>>() {}.getTypeInfo()).arguments())
                .containsExactly(Types.TUPLE(Types.LONG, MoneyTypeInfo.INSTANCE));
        assertThat(((MarkerTypeInfo<?>) TypeInfo.of(Versioned.class)).arguments()).as("a raw use binds nothing").isEmpty();
    }

    // ---- keys use the family's comparator ----

    @Test
    void keysOnAFamilyTypeUseTheFamilysComparator() {
        SerializerConfig config = new SerializerConfig();
        assertThat(KeySpec.of(0).createComparator(MoneyTypeInfo.INSTANCE, config)).isInstanceOf(MoneyComparator.class);

        TypeInfo<Tuple2<Money, Integer>> pair = new TypeHint<Tuple2<Money, Integer>>() {}.getTypeInfo();
        TypeComparator<Tuple2<Money, Integer>> onMoney = KeySpec.of(new int[] {0}, new boolean[] {false}).createComparator(pair, config);
        assertThat(onMoney.getFlatComparators()).singleElement().isEqualTo(new MoneyComparator(false));
        assertThat(onMoney.supportsNormalizedKey()).isTrue();
        assertThat(onMoney.compare(Tuple2.of(Money.of("EUR", 1), 0), Tuple2.of(Money.of("CHF", 9), 0)))
                .as("descending by currency first").isNegative();

        Keys byBalance = Keys.forExpressions(TypeInfo.of(Account.class), new String[] {"balance"}, "groupBy");
        assertThat(byBalance.getKeyType()).isSameAs(MoneyTypeInfo.INSTANCE);
        KeySelector<Account, Money> selector = a -> a.balance;
        assertThat(Keys.forSelector(selector, MoneyTypeInfo.INSTANCE, "groupBy").getKeyType()).isSameAs(MoneyTypeInfo.INSTANCE);
    }

    @Test
    void minAndMaxFollowTheFamilysOrderNotCompareTo() {
        Money chf = Money.of("CHF", 900);
        Money eur = Money.of("EUR", -5);
        assertThat(chf.compareTo(eur)).as("natural order: amount first").isPositive();
        assertThat(ValueOrder.of(MoneyTypeInfo.INSTANCE).compare(chf, eur)).as("family order: currency first").isNegative();

        TypeInfo<Tuple2<Money, Long>> pair = new TypeHint<Tuple2<Money, Long>>() {}.getTypeInfo();
        FieldAccessor<Tuple2<Money, Long>, Object> price = FieldAccessors.create(pair, 0, "minBy");
        assertThat(new SelectByReducer<>(List.of(price), false).reduce(Tuple2.of(eur, 1L), Tuple2.of(chf, 2L)).f0).isEqualTo(chf);
        ComparableAggregator<Tuple2<Money, Long>> max = new ComparableAggregator<>(price, ComparableAggregator.Mode.MAX, true,
                pair.createSerializer(new SerializerConfig()), "max");
        assertThat(max.reduce(Tuple2.of(chf, 1L), Tuple2.of(eur, 2L))).isEqualTo(Tuple2.of(eur, 1L));
    }

    // ---- precedence ----

    @Test
    void precedenceBuiltInsThenAnnotationThenFamiliesThenAnalysis() throws Exception {
        withFamilies(List.of(GreedyFamily.class), () -> {
            assertThat(TypeInfo.of(Integer.class)).isEqualTo(Types.INT);
            assertThat(TypeInfo.of(String.class)).isEqualTo(Types.STRING);
            assertThat(TypeInfo.of(int[].class)).isEqualTo(PrimitiveArrayTypeInfo.INT_ARRAY);
            assertThat(TypeInfo.of(String[].class)).isEqualTo(Types.OBJECT_ARRAY(Types.STRING));
            assertThat(new TypeHint<Tuple2<String, Integer>>() {}.getTypeInfo()).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
            assertThat(TypeInfo.of(GraphId.class)).as("the annotation before families").isSameAs(GraphIdTypeInfo.INSTANCE);
            for (Class<?> analysed : List.of(TestTypes.Color.class, TestTypes.Point.class, TestTypes.Person.class, TestTypes.Opaque.class)) {
                assertThat(TypeInfo.of(analysed)).as("the family before the analysis of %s", analysed.getSimpleName())
                        .isEqualTo(new MarkerTypeInfo<>(analysed, "GreedyFamily", List.of()));
            }
            assertThat(TypeInfo.of(Money.class)).as("the test resources' family is still seen").isSameAs(MoneyTypeInfo.INSTANCE);
            return null;
        });
        assertThat(TypeInfo.of(TestTypes.Person.class)).as("without the family").isInstanceOf(PojoTypeInfo.class);
    }

    @Test
    void familiesAreLoadedOncePerClassLoader() throws Exception {
        try (URLClassLoader loader = loaderListing(List.of(GreedyFamily.class))) {
            List<TypeInfoFamily> first = RegisteredTypes.familiesOf(loader);
            assertThat(first).hasSize(2).anyMatch(f -> f instanceof GreedyFamily).anyMatch(f -> f instanceof MoneyFamily);
            assertThat(RegisteredTypes.familiesOf(loader)).isSameAs(first);
        }
    }

    // ---- failures ----

    @Test
    void twoFamiliesAcceptingOneClassFailNamingBoth() throws Exception {
        withFamilies(List.of(SecondMoneyFamily.class), () -> {
            assertThatThrownBy(() -> TypeInfo.of(Money.class)).isInstanceOf(TypeInfoFactoryException.class)
                    .hasMessageContaining("Class " + Money.class.getName() + " belongs to two type families")
                    .hasMessageContaining(MoneyFamily.class.getName()).hasMessageContaining(SecondMoneyFamily.class.getName())
                    .hasMessageContaining("@TypeInfoFrom").hasMessageContaining("META-INF/services/" + TypeInfoFamily.class.getName());
            assertThatThrownBy(() -> TypeInfo.of(Account.class)).as("not hidden by the POJO's generic fallback")
                    .isInstanceOf(TypeInfoFactoryException.class).hasMessageContaining(SecondMoneyFamily.class.getName());
            return null;
        });
    }

    @Test
    void aFailingFamilyNamesTheClassAndTheFamily() throws Exception {
        withFamilies(List.of(ExplodingFamily.class), () -> {
            assertThatThrownBy(() -> TypeInfo.of(Exploding.class)).isInstanceOf(TypeInfoFactoryException.class)
                    .hasMessageContaining("TypeInfoFamily " + ExplodingFamily.class.getName())
                    .hasMessageContaining("class " + Exploding.class.getName())
                    .hasMessageContaining("the exploding family has no type information today")
                    .hasCauseInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> TypeInfo.of(HoldsExploding.class)).as("not hidden by the POJO's generic fallback")
                    .isInstanceOf(TypeInfoFactoryException.class).hasMessageContaining(ExplodingFamily.class.getName());
            MapFunction<String, Exploding> make = new MapFunction<>() {
                @Override
                public Exploding map(String value) {
                    return new Exploding();
                }
            };
            assertThatThrownBy(() -> TypeExtractor.getOutputType(make, MapFunction.class, 1, null, "make"))
                    .isInstanceOf(TypeInfoFactoryException.class).hasMessageStartingWith("Operator 'make': ")
                    .hasMessageContaining(ExplodingFamily.class.getName()).hasMessageNotContaining(".returns(");
            return null;
        });
    }

    @Test
    void aFailingAnnotatedFactoryNamesTheClassAndTheFactory() {
        assertThatThrownBy(() -> TypeInfo.of(Failing.class)).isInstanceOf(TypeInfoFactoryException.class)
                .hasMessageContaining("factory " + TestFamilies.FailingFactory.class.getName())
                .hasMessageContaining("@TypeInfoFrom on " + Failing.class.getName())
                .hasMessageContaining("the failing factory divides by zero");
        assertThatThrownBy(() -> TypeInfo.of(WrongClass.class)).isInstanceOf(TypeInfoFactoryException.class)
                .hasMessageContaining(TestFamilies.WrongClassFactory.class.getName())
                .hasMessageContaining("returned Money for class " + WrongClass.class.getName());
    }

    @Test
    void aServicesFileNamingAMissingClassFailsNamingTheFile() throws Exception {
        Path file = servicesRoot.resolve(RegisteredTypes.SERVICES_FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "com.example.NoSuchFamily\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {servicesRoot.toUri().toURL()}, getClass().getClassLoader())) {
            assertThatThrownBy(() -> RegisteredTypes.familiesOf(loader)).isInstanceOf(TypeInfoFactoryException.class)
                    .hasMessageContaining(RegisteredTypes.SERVICES_FILE).hasMessageContaining("com.example.NoSuchFamily");
        }
    }

    // ---- helpers ----

    /** Runs {@code body} with a context class loader that also sees a services file listing {@code families}. */
    private void withFamilies(List<Class<? extends TypeInfoFamily>> families, Callable<Void> body) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = loaderListing(families)) {
            thread.setContextClassLoader(loader);
            body.call();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private URLClassLoader loaderListing(List<Class<? extends TypeInfoFamily>> families) throws IOException {
        Path file = servicesRoot.resolve(RegisteredTypes.SERVICES_FILE);
        Files.createDirectories(file.getParent());
        StringBuilder lines = new StringBuilder();
        for (Class<?> family : families) {
            lines.append(family.getName()).append('\n');
        }
        Files.writeString(file, lines);
        return new URLClassLoader(new URL[] {servicesRoot.toUri().toURL()}, getClass().getClassLoader());
    }
}
