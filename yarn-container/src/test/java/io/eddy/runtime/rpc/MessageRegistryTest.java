package io.eddy.runtime.rpc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageRegistryTest {

    private static final MessageCodec<TestMessages.Seq> SEQ_CODEC = new MessageCodec<>() {
        @Override
        public void write(TestMessages.Seq message, io.eddy.core.memory.DataOutputView out) {}

        @Override
        public TestMessages.Seq read(io.eddy.core.memory.DataInputView in) {
            return new TestMessages.Seq(0);
        }
    };

    @Test
    void duplicateTypeIdIsRejectedNamingBothClasses() {
        MessageRegistry.Builder builder = MessageRegistry.builder(1).register(10, TestMessages.Seq.class, SEQ_CODEC);
        assertThatThrownBy(() -> builder.register(10, TestMessages.Unregistered.class, unregisteredCodec()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("typeId 10 is already registered for " + TestMessages.Seq.class.getName())
                .hasMessageContaining(TestMessages.Unregistered.class.getName());
    }

    @Test
    void duplicateClassIsRejected() {
        MessageRegistry.Builder builder = MessageRegistry.builder(1).register(10, TestMessages.Seq.class, SEQ_CODEC);
        assertThatThrownBy(() -> builder.register(11, TestMessages.Seq.class, SEQ_CODEC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already registered under typeId 10");
    }

    @Test
    void reservedTypeIdsAreRejected() {
        assertThatThrownBy(() -> MessageRegistry.builder(1).register(0, TestMessages.Seq.class, SEQ_CODEC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("typeId: 0")
                .hasMessageContaining("expected: > 0");
        assertThatThrownBy(() -> MessageRegistry.builder(1).register(ErrorResponse.TYPE_ID, TestMessages.Seq.class, SEQ_CODEC))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void errorResponseIsBuiltInAndCannotBeRegisteredAgain() {
        MessageRegistry registry = MessageRegistry.builder(3).build();
        assertThat(registry.isRegistered(ErrorResponse.class)).isTrue();
        assertThat(registry.entryForId(ErrorResponse.TYPE_ID).type()).isEqualTo(ErrorResponse.class);
        assertThatThrownBy(() -> MessageRegistry.builder(1).register(5, ErrorResponse.class, new ErrorResponse.Codec()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already registered");
    }

    @Test
    void unregisteredMessageFailsNamingClassAndFix() {
        MessageRegistry registry = TestMessages.registry();
        assertThatThrownBy(() -> registry.entryFor(new TestMessages.Unregistered()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(TestMessages.Unregistered.class.getName())
                .hasMessageContaining("register(typeId, Unregistered.class, codec)");
        assertThat(registry.entryForId(999)).isNull();
    }

    @Test
    void versionMustBePositive() {
        assertThatThrownBy(() -> MessageRegistry.builder(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("protocolVersion: 0");
        assertThat(MessageRegistry.builder(42).build().protocolVersion()).isEqualTo(42);
    }

    @Test
    void builtRegistryIsNotChangedByLaterRegistrations() {
        MessageRegistry.Builder builder = MessageRegistry.builder(1);
        MessageRegistry first = builder.build();
        builder.register(10, TestMessages.Seq.class, SEQ_CODEC);
        assertThat(first.isRegistered(TestMessages.Seq.class)).isFalse();
        assertThat(builder.build().isRegistered(TestMessages.Seq.class)).isTrue();
    }

    private static MessageCodec<TestMessages.Unregistered> unregisteredCodec() {
        return new MessageCodec<>() {
            @Override
            public void write(TestMessages.Unregistered message, io.eddy.core.memory.DataOutputView out) {}

            @Override
            public TestMessages.Unregistered read(io.eddy.core.memory.DataInputView in) {
                return new TestMessages.Unregistered();
            }
        };
    }
}
