package io.eddy.streaming.api.windowing;

import io.eddy.api.common.typeutils.SerializerContractTest;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.streaming.api.datastream.TaggedUnion;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import io.eddy.streaming.api.windowing.windows.GlobalWindowSerializer;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import io.eddy.streaming.api.windowing.windows.TimeWindowSerializer;
import java.util.Random;
import org.junit.jupiter.api.Nested;

/** The serializer contract for the window types and the wrappers windows keep in state. */
class WindowSerializersTest {

    @Nested
    class TimeWindows extends SerializerContractTest<TimeWindow> {
        @Override
        protected TypeSerializer<TimeWindow> createSerializer() {
            return TimeWindowSerializer.INSTANCE;
        }

        @Override
        protected int getLength() {
            return 16;
        }

        @Override
        protected Class<TimeWindow> getTypeClass() {
            return TimeWindow.class;
        }

        @Override
        protected TimeWindow[] getTestData() {
            return new TimeWindow[] {new TimeWindow(0, 1), new TimeWindow(-1000, 0), new TimeWindow(Long.MIN_VALUE, Long.MAX_VALUE),
                new TimeWindow(1_700_000_000_000L, 1_700_000_005_000L)};
        }

        @Override
        protected TimeWindow randomValue(Random random) {
            long start = random.nextLong() >> 8;
            return new TimeWindow(start, start + 1 + random.nextInt(100_000));
        }
    }

    @Nested
    class GlobalWindows extends SerializerContractTest<GlobalWindow> {
        @Override
        protected TypeSerializer<GlobalWindow> createSerializer() {
            return GlobalWindowSerializer.INSTANCE;
        }

        @Override
        protected int getLength() {
            return 1;
        }

        @Override
        protected Class<GlobalWindow> getTypeClass() {
            return GlobalWindow.class;
        }

        @Override
        protected GlobalWindow[] getTestData() {
            return new GlobalWindow[] {GlobalWindow.get()};
        }
    }

    @Nested
    @SuppressWarnings({"unchecked", "rawtypes"})
    class TimestampedValues extends SerializerContractTest<TimestampedValue<String>> {
        @Override
        protected TypeSerializer<TimestampedValue<String>> createSerializer() {
            return new TimestampedValueSerializer<>(new StringSerializer());
        }

        @Override
        protected int getLength() {
            return -1;
        }

        @Override
        protected Class<TimestampedValue<String>> getTypeClass() {
            return (Class) TimestampedValue.class;
        }

        @Override
        protected TimestampedValue<String>[] getTestData() {
            return new TimestampedValue[] {new TimestampedValue<>("a", 5), new TimestampedValue<>("without"),
                new TimestampedValue<>("", Long.MIN_VALUE), new TimestampedValue<>("ü", -7)};
        }
    }

    @Nested
    @SuppressWarnings({"unchecked", "rawtypes"})
    class TaggedUnions extends SerializerContractTest<TaggedUnion<String, Long>> {
        @Override
        protected TypeSerializer<TaggedUnion<String, Long>> createSerializer() {
            return new TaggedUnion.UnionSerializer<>(new StringSerializer(), io.eddy.api.common.typeutils.base.LongSerializer.INSTANCE);
        }

        @Override
        protected int getLength() {
            return -1;
        }

        @Override
        protected Class<TaggedUnion<String, Long>> getTypeClass() {
            return (Class) TaggedUnion.class;
        }

        @Override
        protected TaggedUnion<String, Long>[] getTestData() {
            return new TaggedUnion[] {TaggedUnion.one("left"), TaggedUnion.two(42L), TaggedUnion.one(""), TaggedUnion.two(-1L)};
        }
    }
}
