package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SerializerConfigTest {

    @Test
    void keepsRegistrationOrderAndComparesByValue() {
        SerializerConfig config = new SerializerConfig().registerKryoType(TestTypes.Opaque.class).registerKryoType(String.class)
                .registerKryoType(TestTypes.Opaque.class);
        assertThat(config.getRegisteredKryoTypes()).containsExactly(TestTypes.Opaque.class, String.class);
        config = new SerializerConfig().registerKryoType(TestTypes.Opaque.class);
        assertThat(config).isEqualTo(new SerializerConfig().registerKryoType(TestTypes.Opaque.class));
        assertThat(config.hashCode()).isEqualTo(new SerializerConfig().registerKryoType(TestTypes.Opaque.class).hashCode());
        assertThat(config).isNotEqualTo(config.copy().setForceKryo(true));
        assertThat(config.copy().registerKryoType(String.class)).as("a copy changes independently").isNotEqualTo(config);
    }
}
