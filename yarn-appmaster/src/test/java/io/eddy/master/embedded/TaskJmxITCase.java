package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.master.JobMXBean;
import io.eddy.master.web.WebTestJobs;
import io.eddy.runtime.metrics.TaskIoMXBean;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over JMX: a running task's counters (an MBean per task attempt while it runs, read by the attribute
 * names, gone after), and a job's figures on the master (an MBean per job it knows).
 */
@Timeout(60)
class TaskJmxITCase {

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(1).slotsPerWorker(1).build());

    @Test
    void eachRunningTaskHasAnMBeanWithItsCounts() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        env.addSource(new WebTestJobs.Trickle()).rebalance().addSink(new WebTestJobs.Discard());
        JobClient job = CLUSTER.submit(env.getJobGraph("jmx"));
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName ofJob = new ObjectName("io.eddy:type=Task,job=" + job.getJobId() + ",*");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (server.queryNames(ofJob, null).size() < 2 || sinkIn(server, job) == 0) {
                assertThat(System.nanoTime()).as("both tasks registered, records arriving").isLessThan(deadline);
                Thread.sleep(50);
            }
            Set<ObjectName> names = server.queryNames(ofJob, null);
            assertThat(names).extracting(n -> n.getKeyProperty("vertex")).containsExactlyInAnyOrder("0", "1");
            ObjectName source = names.stream().filter(n -> n.getKeyProperty("vertex").equals("0")).findFirst().orElseThrow();
            assertThat(source.getKeyProperty("subtask")).isEqualTo("0");
            assertThat(source.getKeyProperty("attempt")).isEqualTo("0");
            assertThat((String) server.getAttribute(source, "TaskName")).startsWith("Source");
            assertThat((Long) server.getAttribute(source, "RecordsOut")).isPositive();
            assertThat((Long) server.getAttribute(source, "RecordsIn")).isZero();
            assertThat((Long) server.getAttribute(source, "BackPressuredMillis")).isNotNegative();
            assertThat((Long) server.getAttribute(source, "BytesIn")).as("a source reads no gate").isZero();
            assertThat((Long) server.getAttribute(source, "BytesOut")).isNotNegative();
            assertThat((Double) server.getAttribute(source, "OutputPoolUsage")).isBetween(0.0, 1.0);
            assertThat((Double) server.getAttribute(source, "InputPoolUsage")).as("a source has no input buffers").isZero();
        } finally {
            CLUSTER.cluster().master().cancelJob(job.getJobId());
            job.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!server.queryNames(ofJob, null).isEmpty()) {
            assertThat(System.nanoTime()).as("the MBeans of ended tasks are removed").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Test
    void eachJobTheMasterKnowsHasAnMBeanWithItsFigures(@TempDir Path checkpoints) throws Exception {
        StreamExecutionEnvironment env = WebTestJobs.checkpointingEvery100Ms(checkpoints);
        env.addSource(new WebTestJobs.Trickle()).rebalance().addSink(new WebTestJobs.Discard());
        JobClient job = CLUSTER.submit(env.getJobGraph("jmx job"));
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        JobMXBean bean = JMX.newMXBeanProxy(server, new ObjectName("io.eddy:type=Job,job=" + job.getJobId()), JobMXBean.class);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!bean.getStatus().equals("RUNNING") || bean.getRecordsIntoSinks() == 0 || bean.getLastCheckpointDurationMillis() < 0) {
                assertThat(System.nanoTime()).as("the job's figures: running, records at its sink, a checkpoint").isLessThan(deadline);
                Thread.sleep(100);
            }
            assertThat(bean.getName()).isEqualTo("jmx job");
            assertThat(bean.getTasksTotal()).isEqualTo(2);
            assertThat(bean.getTasksRunning()).isEqualTo(2);
            assertThat(bean.getRecordsFromSources()).isGreaterThanOrEqualTo(bean.getRecordsIntoSinks());
            assertThat(bean.getCheckpointsCompleted()).isPositive();
            assertThat(bean.getCheckpointsFailed()).isZero();
            assertThat(bean.getLastCheckpointSizeBytes()).isNotNegative();
            assertThat(bean.getDurationMillis()).isPositive();
            assertThat(bean.getSubmitTime()).isLessThanOrEqualTo(System.currentTimeMillis());
        } finally {
            CLUSTER.cluster().master().cancelJob(job.getJobId());
            job.getJobResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!bean.getStatus().equals("CANCELED")) {
            assertThat(System.nanoTime()).as("the ended job's final status").isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(bean.getTasksRunning()).isZero();
    }

    @Test
    void aClosedMastersJobsLeaveTheMBeanServer() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name;
        try (LocalCluster cluster = LocalCluster.start(LocalClusterConfig.builder().workers(1).slotsPerWorker(1).build())) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
            env.setParallelism(1);
            env.fromElements(1L, 2L).returns(Types.LONG).addSink(new WebTestJobs.Discard());
            JobClient job = cluster.submit(env.getJobGraph("short"));
            job.getJobResult().get(30, TimeUnit.SECONDS);
            name = new ObjectName("io.eddy:type=Job,job=" + job.getJobId());
            assertThat(server.isRegistered(name)).as("an ended job the master keeps").isTrue();
        }
        assertThat(server.isRegistered(name)).isFalse();
    }

    private static long sinkIn(MBeanServer server, JobClient job) throws Exception {
        return server.queryNames(new ObjectName("io.eddy:type=Task,job=" + job.getJobId() + ",vertex=1,*"), null).stream()
                .mapToLong(n -> JMX.newMXBeanProxy(server, n, TaskIoMXBean.class).getRecordsIn()).sum();
    }
}
