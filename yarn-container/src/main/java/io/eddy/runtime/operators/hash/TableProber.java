package io.eddy.runtime.operators.hash;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.runtime.operators.util.TypePairComparator;

/**
 * Matches probe records against the build records of one indexed {@link InMemoryTable}, and emits
 * the build records that never matched; shared by the hybrid hash join levels and the nested-loop
 * fallback.
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class TableProber<BT, PT> {

    private final TypeSerializer<BT> buildSerializer;
    private final TypePairComparator<PT, BT> pairComparator;
    private final boolean markMatches;
    private final DataInputDeserializer reader = new DataInputDeserializer();

    TableProber(JoinSides<BT, PT> sides) {
        this.buildSerializer = sides.buildSerializer().duplicate();
        this.pairComparator = sides.pairComparator();
        this.markMatches = sides.unmatched().emitsUnmatchedBuild();
    }

    /**
     * Calls the collector for each build record in {@code table} whose key equals {@code record}'s,
     * marking them matched for build-side outer joins.
     *
     * @param hash {@code record}'s key hash with the function the table was built with
     * @return whether any matched
     */
    boolean probe(InMemoryTable table, int hash, PT record, MatchCollector<BT, PT> collector) throws Exception {
        boolean matched = false;
        boolean referenceSet = false;
        table.startLookup(hash);
        for (long address = table.nextCandidate(); address >= 0; address = table.nextCandidate()) {
            if (!referenceSet) {
                // Only a candidate with the record's hash needs its key: most probes of a small table find none.
                pairComparator.setReference(record);
                referenceSet = true;
            }
            table.read(address, reader);
            BT candidate = buildSerializer.deserialize(reader);
            if (pairComparator.equalToReference(candidate)) {
                matched = true;
                if (markMatches) {
                    table.setMatched(address);
                }
                collector.collect(candidate, record);
            }
        }
        return matched;
    }

    /** Emits the build records of {@code table} that never matched, each with a null probe record. */
    void emitUnmatchedBuild(InMemoryTable table, MatchCollector<BT, PT> collector) throws Exception {
        for (long address = table.first(); address >= 0; address = table.next(address)) {
            if (!table.isMatched(address)) {
                table.read(address, reader);
                collector.collect(buildSerializer.deserialize(reader), null);
            }
        }
    }
}
