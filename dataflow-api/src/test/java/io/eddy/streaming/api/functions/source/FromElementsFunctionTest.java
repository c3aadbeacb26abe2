package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.streaming.api.testutils.CollectingSourceContext;
import java.util.List;
import org.junit.jupiter.api.Test;

class FromElementsFunctionTest {

    @Test
    void emitsTheElementsInOrderAfterShipping() throws Exception {
        List<String> data = List.of("a", "bb", "", "ccc");
        FromElementsFunction<String> f = new FromElementsFunction<>(TypeInfo.of(String.class).createSerializer(new SerializerConfig()), data);
        assertThat(f.getNumberOfElements()).isEqualTo(4);
        FromElementsFunction<String> shipped = InstantiationUtil.clone(f, getClass().getClassLoader());
        CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
        shipped.run(ctx);
        assertThat(ctx.getElements()).containsExactlyElementsOf(data);
    }

    @Test
    void aCancelledSourceStops() throws Exception {
        FromElementsFunction<Integer> f = new FromElementsFunction<>(TypeInfo.of(Integer.class).createSerializer(new SerializerConfig()),
                List.of(1, 2, 3));
        f.cancel();
        CollectingSourceContext<Integer> ctx = new CollectingSourceContext<>();
        f.run(ctx);
        assertThat(ctx.getElements()).isEmpty();
    }
}
