package io.eddy.benchmarks;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.executor.ExecutionOptions;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import io.eddy.yarn.executor.YarnClientOptions;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.util.List;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code scripts/bench yarn-startup}: how long a small streaming job takes on YARN, on Hadoop's
 * mini HDFS and YARN clusters in this JVM (real ResourceManager, NodeManager, NameNode, DataNode;
 * the ApplicationMaster and the workers are real container processes):
 *
 * <ul>
 *   <li>{@code per-job}: {@code execute} on the {@code yarn} target, which deploys a per-job
 *       application (upload, AM, worker containers) and then runs the job: the first round
 *       uploads the class path into the jar cache, later rounds find it there;
 *   <li>{@code session}: the same job submitted to a running session whose workers are up.
 * </ul>
 *
 * For each it prints {@code RESULT name=yarn-startup system=eddy mode=... round=N
 * first-record-ms=... completion-ms=...}: from the call to {@code executeAndCollect} to the first
 * record (its source stamps each record with the wall-clock time it was emitted at) and to the end of
 * the job (its last record read). Nothing here is compared with another system.
 */
@Command(name = "yarn-startup-bench", mixinStandardHelpOptions = true, description = "Time to first record and to completion of a small job on YARN.")
public final class YarnStartupBench implements Runnable {

    @Option(names = "--rounds", defaultValue = "2", description = "Per-job and session runs each (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--records", defaultValue = "100000", description = "Records of the job (default: ${DEFAULT-VALUE}).")
    long records;

    public static void main(String[] args) {
        System.exit(new CommandLine(new YarnStartupBench()).execute(args));
    }

    @Override
    public void run() {
        try (MiniHadoopCluster hadoop = MiniHadoopCluster.builder()
                .set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home")).build()) {
            hadoop.start("yarn-startup");
            Configuration settings = new Configuration()
                    .set(YarnClientOptions.HADOOP_CONF_DIR, hadoop.confDir().toString())
                    .set(YarnOptions.STAGING_DIR, "/eddy-staging")
                    .set(YarnOptions.CONTAINERS, 1)
                    .set(YarnOptions.SLOTS, 2)
                    .set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("768m"))
                    .set(YarnOptions.AM_MEMORY, MemorySize.parse("512m"));
            for (int round = 1; round <= rounds; round++) {
                measure("per-job", round, new Configuration(settings.toMap()).set(ExecutionOptions.TARGET, "yarn"));
            }
            try (YarnClusterDeployer deployer = YarnClusterDeployer.connect(hadoop.hadoopConf(), settings)) {
                YarnCluster session = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.SESSION, "yarn-startup session", List.of(), settings));
                try {
                    for (int round = 1; round <= rounds; round++) {
                        measure("session", round, new Configuration(settings.toMap()).set(ExecutionOptions.TARGET, "yarn-session")
                                .set(YarnOptions.APPLICATION_ID, session.applicationId()));
                    }
                } finally {
                    deployer.kill(session.applicationId());
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("The yarn-startup benchmark failed: " + e.getMessage(), e);
        }
    }

    private void measure(String mode, int round, Configuration settings) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        long start = System.currentTimeMillis();
        long first = -1;
        long count = 0;
        try (CloseableIterator<Long> it = env.addSource(new StampedSource(records), "stamped records", Types.LONG)
                .executeAndCollect("yarn-startup " + mode + " " + round)) {
            while (it.hasNext()) {
                long stamp = it.next();
                if (first < 0 || stamp < first) {
                    first = stamp;
                }
                count++;
            }
        }
        long end = System.currentTimeMillis();
        if (count != records) {
            throw new IllegalStateException("The job returned " + count + " records, expected " + records);
        }
        System.out.printf("RESULT name=yarn-startup system=eddy mode=%s round=%d first-record-ms=%d completion-ms=%d%n", mode, round,
                first - start, end - start);
    }

    /** Emits {@code count} records, each the wall-clock time (ms) at which it was emitted; parallelism 1. */
    static final class StampedSource implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final long count;
        private volatile boolean running = true;

        StampedSource(long count) {
            this.count = count;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 0; i < count && running; i++) {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(System.currentTimeMillis());
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
