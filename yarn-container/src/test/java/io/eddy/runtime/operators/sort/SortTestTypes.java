package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.util.MutableObjectIterator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Types, comparators and pages shared by the sort tests. */
final class SortTestTypes {

    static final SerializerConfig CONFIG = new SerializerConfig();

    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<Integer, String>> INT_STRING =
            (CompositeType<Tuple2<Integer, String>>) Types.<Tuple2<Integer, String>>TUPLE(Types.INT, Types.STRING);

    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple2<String, Integer>> STRING_INT =
            (CompositeType<Tuple2<String, Integer>>) Types.<Tuple2<String, Integer>>TUPLE(Types.STRING, Types.INT);

    @SuppressWarnings("unchecked")
    static final CompositeType<Tuple3<Integer, Long, String>> INT_LONG_STRING =
            (CompositeType<Tuple3<Integer, Long, String>>) Types.<Tuple3<Integer, Long, String>>TUPLE(Types.INT, Types.LONG, Types.STRING);

    private SortTestTypes() {}

    static <T> TypeSerializer<T> serializer(CompositeType<T> type) {
        return type.createSerializer(CONFIG);
    }

    static <T> TypeComparator<T> comparator(CompositeType<T> type, int[] keys, boolean[] ascending) {
        return type.createComparator(keys, ascending, CONFIG);
    }

    /** A mutable-object iterator over a list (fresh objects: the list's elements). */
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

    static List<MemorySegment> heapPages(int count, int size) {
        List<MemorySegment> pages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            pages.add(MemorySegment.allocateHeap(size, "test"));
        }
        return pages;
    }
}
