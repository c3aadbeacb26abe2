package io.eddy.hadoop.job;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.protocol.ClientProtocol;
import org.apache.hadoop.mapreduce.protocol.ClientProtocolProvider;

/**
 * Makes Hadoop's job client run jobs on Eddy when {@code mapreduce.framework.name} is {@value
 * #FRAMEWORK} (a {@code ClientProtocolProvider} service of this module's jar, found by Hadoop's
 * {@code Cluster}): an unchanged driver's {@code Job.waitForCompletion} / {@code JobClient.runJob}
 * then submits to an {@link EddyClientProtocol}. For any other framework it answers null, as
 * Hadoop's own providers do, so the next provider is asked.
 */
public final class EddyClientProtocolProvider extends ClientProtocolProvider {

    /** The value of {@code mapreduce.framework.name} that selects Eddy. */
    public static final String FRAMEWORK = "eddy";

    @Override
    public ClientProtocol create(Configuration conf) throws IOException {
        return FRAMEWORK.equals(conf.get(MRConfig.FRAMEWORK_NAME)) ? new EddyClientProtocol(conf) : null;
    }

    @Override
    public ClientProtocol create(InetSocketAddress addr, Configuration conf) throws IOException {
        return create(conf);
    }

    @Override
    public void close(ClientProtocol clientProtocol) {
        // Jobs run to their end on their own; the protocol holds nothing to release.
    }
}
