package io.eddy.hadoop;

import io.eddy.api.common.io.LocatableInputSplit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.io.serializer.Serializer;

/**
 * A Hadoop input split (of either API) as an Eddy split: its number, the hosts Hadoop says hold its
 * data (so the master's {@code LocatableInputSplitAssigner} hands it to a worker on one of them),
 * and the split itself as its class name and the bytes of Hadoop's serialization for the class
 * ({@link SerializationFactory}: {@code Writable} splits through their {@code write}), read back
 * in the task with the job's configuration and class loader.
 */
public final class HadoopSplit implements LocatableInputSplit {

    private static final long serialVersionUID = 1L;

    private final int number;
    private final String[] hosts;
    private final String className;
    private final byte[] bytes;

    private HadoopSplit(int number, String[] hosts, String className, byte[] bytes) {
        this.number = number;
        this.hosts = hosts;
        this.className = className;
        this.bytes = bytes;
    }

    /** Split {@code number}, {@code split} serialized with the serialization {@code conf} configures for its class. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static HadoopSplit of(int number, Object split, String[] hosts, Configuration conf) throws IOException {
        Serializer serializer = new SerializationFactory(conf).getSerializer(split.getClass());
        if (serializer == null) {
            throw new IOException("Hadoop has no serialization for the input split class " + split.getClass().getName()
                    + " (io.serializations); a split must be a Writable or serializable by a configured serialization");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        serializer.open(out);
        serializer.serialize(split);
        serializer.close();
        return new HadoopSplit(number, hosts == null ? new String[0] : hosts.clone(), split.getClass().getName(), out.toByteArray());
    }

    /** The Hadoop split, read back with {@code conf}'s serializations and class loader. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> T split(Configuration conf) throws IOException {
        Class<?> type;
        try {
            type = conf.getClassByName(className);
        } catch (ClassNotFoundException e) {
            throw new IOException("The input split class " + className + " is not on the task's class path", e);
        }
        Deserializer deserializer = new SerializationFactory(conf).getDeserializer(type);
        deserializer.open(new ByteArrayInputStream(bytes));
        Object split = deserializer.deserialize(null);
        deserializer.close();
        return (T) split;
    }

    /** The length of a Hadoop split, as its API reports it. */
    @FunctionalInterface
    public interface Length<S> {
        long of(S split) throws IOException, InterruptedException;
    }

    /**
     * {@code splits} ordered as Hadoop's {@code JobSubmitter} orders a job's splits before it numbers
     * its map tasks: the longest first, splits of equal length in their order.
     */
    public static <S> S[] largestFirst(S[] splits, Length<S> length) throws IOException {
        long[] lengths = new long[splits.length];
        Integer[] order = new Integer[splits.length];
        for (int i = 0; i < splits.length; i++) {
            try {
                lengths[i] = length.of(splits[i]);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while asking split " + i + " for its length", e);
            }
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(lengths[b], lengths[a]));
        S[] sorted = splits.clone();
        for (int i = 0; i < order.length; i++) {
            sorted[i] = splits[order[i]];
        }
        return sorted;
    }

    @Override
    public int getSplitNumber() {
        return number;
    }

    @Override
    public String[] getHostnames() {
        return hosts.clone();
    }

    @Override
    public String toString() {
        return "HadoopSplit " + number + " (" + className + ", hosts " + Arrays.toString(hosts) + ")";
    }
}
