package io.eddy.yarn.appmaster;

import io.eddy.api.common.io.FileInputSplit;
import io.eddy.api.common.io.InputSplit;
import io.eddy.api.common.io.LocatableInputSplit;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a job's input splits keep their data, and how many worker containers to ask for on each
 * host (docs/yarn.md, "Locality"). Pure functions, so that the weighting is tested without YARN.
 *
 * <ul>
 *   <li>{@link #bytesPerHost}: every host a split names holds the split's bytes (with HDFS
 *       replication, each DataNode with a replica does). A {@link FileInputSplit} weighs its
 *       length; another {@link LocatableInputSplit} one byte, as its size is unknown (so such splits
 *       are weighed by their number, and count for little next to file splits); splits that are not
 *       locatable or name no host weigh nothing.
 *   <li>{@link #containersPerHost}: the containers are shared out in proportion to the hosts' bytes
 *       by the largest remainder method: each host gets the whole part of its share, and the
 *       containers left go to the largest fractional parts (ties: more bytes first, then the host
 *       name), so the counts add up to exactly the containers asked for.
 * </ul>
 */
final class SplitLocality {

    private SplitLocality() {}

    /** The bytes of {@code splits} each host stores, by host name as the splits give it; hosts with none are left out. */
    static Map<String, Long> bytesPerHost(Collection<? extends InputSplit> splits) {
        Map<String, Long> bytes = new TreeMap<>();
        for (InputSplit split : splits) {
            if (split instanceof LocatableInputSplit locatable) {
                long weight = split instanceof FileInputSplit file ? file.getLength() : 1;
                // A host named twice stores the split once.
                for (String host : new LinkedHashSet<>(List.of(locatable.getHostnames()))) {
                    if (!host.isBlank() && weight > 0) {
                        bytes.merge(host, weight, Long::sum);
                    }
                }
            }
        }
        return bytes;
    }

    /**
     * How many of {@code containers} to ask for on each host, in proportion to {@code bytesPerHost};
     * hosts that get none are left out, and the rest come in descending order of containers (then
     * of bytes, then by name). Empty when no host stores any bytes.
     *
     * @throws IllegalArgumentException if {@code containers} is below 1 or a host has negative bytes
     */
    static Map<String, Integer> containersPerHost(Map<String, Long> bytesPerHost, int containers) {
        if (containers < 1) {
            throw new IllegalArgumentException("containers: " + containers + " (expected: at least 1)");
        }
        BigInteger total = BigInteger.ZERO;
        for (Map.Entry<String, Long> e : bytesPerHost.entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException("Bug: host " + e.getKey() + " stores " + e.getValue() + " bytes (expected: >= 0)");
            }
            total = total.add(BigInteger.valueOf(e.getValue()));
        }
        if (total.signum() == 0) {
            return Map.of();
        }
        // Host h's share is containers * bytes(h) / total: its whole part, and the remainder over total as its fraction.
        List<Share> shares = new ArrayList<>();
        Map<String, Integer> counts = new HashMap<>();
        int given = 0;
        for (Map.Entry<String, Long> e : bytesPerHost.entrySet()) {
            BigInteger[] division = BigInteger.valueOf(containers).multiply(BigInteger.valueOf(e.getValue())).divideAndRemainder(total);
            shares.add(new Share(e.getKey(), e.getValue(), division[1]));
            counts.put(e.getKey(), division[0].intValueExact());
            given += division[0].intValueExact();
        }
        Comparator<Share> byBytesThenName = Comparator.comparingLong(Share::bytes).reversed().thenComparing(Share::host);
        shares.sort(Comparator.comparing(Share::remainder).reversed().thenComparing(byBytesThenName));
        for (int i = 0; given < containers; i++, given++) {
            counts.merge(shares.get(i).host(), 1, Integer::sum);
        }
        shares.sort(Comparator.comparing((Share share) -> counts.get(share.host())).reversed().thenComparing(byBytesThenName));
        Map<String, Integer> result = new LinkedHashMap<>();
        for (Share share : shares) {
            if (counts.get(share.host()) > 0) {
                result.put(share.host(), counts.get(share.host()));
            }
        }
        return result;
    }

    /** One host's bytes and the fraction of a container its share has beyond the whole ones (over the total bytes). */
    private record Share(String host, long bytes, BigInteger remainder) {}
}
