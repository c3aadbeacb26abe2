package io.eddy.runtime.state;

import io.eddy.api.common.state.StateTtlConfig;
import java.util.Collection;
import java.util.function.UnaryOperator;

/**
 * The common part of the heap states: finding the entry of the current key (and namespace) in the
 * state's {@link StateTable}, copy-on-write of values a running snapshot holds, and time to live.
 *
 * <p>The common case (key only, no TTL, values of an immutable type) reads and writes the table
 * directly ({@code plain}); everything else goes through the general path.
 *
 * <p>Task thread only.
 *
 * @param <N> the namespace type
 * @param <SV> the type of the value kept per key (a list, a map, an accumulator...)
 */
abstract class AbstractHeapState<N, SV> implements InternalKvState<N> {

    final HeapKeyedStateBackend backend;
    final String name;
    private final StateTable<Object> table;
    private final boolean flat;
    private final boolean ttl;
    private final long ttlMillis;
    private final boolean updateOnRead;
    private final boolean plain;
    private final UnaryOperator<Object> copier;
    private final UnaryOperator<Object> readCopier;

    private N namespace;
    // The entry key of the last (key, namespace) pair, so repeated access to one pair allocates once.
    private Object cachedKey;
    private Object cachedNamespace;
    private NamespacedKey cachedEntryKey;

    AbstractHeapState(HeapKeyedStateBackend backend, RegisteredKeyedState meta) {
        this.backend = backend;
        this.name = meta.name();
        this.table = meta.table();
        this.flat = meta.isFlat();
        StateTtlConfig ttlConfig = meta.ttlConfig();
        this.ttl = ttlConfig != null;
        this.ttlMillis = meta.ttlMillis();
        this.updateOnRead = ttl && ttlConfig.getUpdateType() == StateTtlConfig.UpdateType.ON_READ_AND_WRITE;
        this.copier = meta.codec().copier();
        this.readCopier = meta.codec().readCopier();
        this.plain = flat && !ttl && readCopier == null;
    }

    @Override
    public void setCurrentNamespace(N namespace) {
        this.namespace = namespace;
    }

    N currentNamespace() {
        return namespace;
    }

    private Object entryKey() {
        Object key = backend.getCurrentKey();
        if (flat) {
            return key;
        }
        if (namespace == null) {
            throw new IllegalStateException("Bug: state '" + name + "' has namespaces, but none was set with setCurrentNamespace");
        }
        if (key != cachedKey || namespace != cachedNamespace) {
            cachedKey = key;
            cachedNamespace = namespace;
            cachedEntryKey = new NamespacedKey(key, namespace);
        }
        return cachedEntryKey;
    }

    /** The value of the current key and namespace for reading, or null. */
    @SuppressWarnings("unchecked")
    final SV read() {
        int keyGroup = backend.currentKeyGroupIndex();
        if (plain) {
            return (SV) (backend.hasIntKey() ? table.getInt(keyGroup, backend.currentIntKey()) : table.get(keyGroup, backend.getCurrentKey()));
        }
        Object key = entryKey();
        UnaryOperator<Object> own = updateOnRead ? copier : readCopier;
        Object stored = own == null ? table.get(keyGroup, key) : table.getOwned(keyGroup, key, own);
        return unwrap(keyGroup, key, stored);
    }

    /** The value of the current key and namespace, or null, which the caller may change in place and then {@link #write}. */
    final SV readForUpdate() {
        int keyGroup = backend.currentKeyGroupIndex();
        Object key = entryKey();
        Object stored = copier == null ? table.get(keyGroup, key) : table.getOwned(keyGroup, key, copier);
        return unwrap(keyGroup, key, stored);
    }

    @SuppressWarnings("unchecked")
    private SV unwrap(int keyGroup, Object key, Object stored) {
        if (!ttl || stored == null) {
            return (SV) stored;
        }
        TtlValue<SV> ttlValue = (TtlValue<SV>) stored;
        long now = backend.ttlTime();
        if (ttlValue.isExpired(ttlMillis, now)) {
            table.remove(keyGroup, key);
            return null;
        }
        if (updateOnRead) {
            table.put(keyGroup, key, new TtlValue<>(ttlValue.value(), now));
        }
        return ttlValue.value();
    }

    /** Sets the value (not null) of the current key and namespace. */
    final void write(SV value) {
        int keyGroup = backend.currentKeyGroupIndex();
        if (plain) {
            if (backend.hasIntKey()) {
                table.putInt(keyGroup, backend.currentIntKey(), value);
            } else {
                table.put(keyGroup, backend.getCurrentKey(), value);
            }
            return;
        }
        table.put(keyGroup, entryKey(), ttl ? new TtlValue<>(value, backend.ttlTime()) : value);
    }

    @Override
    public final void clear() {
        int keyGroup = backend.currentKeyGroupIndex();
        if (!plain) {
            table.remove(keyGroup, entryKey());
        } else if (backend.hasIntKey()) {
            table.removeInt(keyGroup, backend.currentIntKey());
        } else {
            table.remove(keyGroup, backend.getCurrentKey());
        }
    }

    /**
     * Merges the values of {@code sources} into {@code target} with {@link #mergeValues} (list,
     * reducing and aggregating states expose it as {@link InternalMergingState#mergeNamespaces}).
     */
    final void mergeNamespacesInto(N target, Collection<N> sources) throws Exception {
        N saved = namespace;
        try {
            SV merged = null;
            for (N source : sources) {
                if (source.equals(target)) {
                    continue;
                }
                namespace = source;
                SV value = readForUpdate();
                if (value != null) {
                    clear();
                    merged = merged == null ? value : mergeValues(merged, value);
                }
            }
            if (merged != null) {
                namespace = target;
                SV current = readForUpdate();
                write(current == null ? merged : mergeValues(current, merged));
            }
        } finally {
            namespace = saved;
        }
    }

    /** Combines two values of this state into one; may change and return {@code a}. */
    SV mergeValues(SV a, SV b) throws Exception {
        throw new UnsupportedOperationException("Bug: state '" + name + "' of kind " + getClass().getSimpleName() + " does not merge");
    }
}
