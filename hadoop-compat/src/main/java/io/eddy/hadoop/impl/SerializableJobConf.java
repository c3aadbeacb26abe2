package io.eddy.hadoop.impl;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Objects;
import org.apache.hadoop.mapred.JobConf;

/**
 * A {@link JobConf} that travels in Java serialization (inside a function, in the job graph) as
 * the bytes of its own {@code write}: every property, without the default resources, which the
 * receiving JVM loads from its own class path as Hadoop's tasks do.
 */
public final class SerializableJobConf implements Serializable {

    private static final long serialVersionUID = 1L;

    private transient JobConf conf;

    public SerializableJobConf(JobConf conf) {
        this.conf = Objects.requireNonNull(conf, "conf");
    }

    public JobConf get() {
        return conf;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        conf.write(out);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new JobConf(false);
        conf.readFields(in);
    }
}
