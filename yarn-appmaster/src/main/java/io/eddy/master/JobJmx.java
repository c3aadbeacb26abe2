package io.eddy.master;

import io.eddy.jobgraph.JobId;
import java.lang.management.ManagementFactory;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's {@link JobMXBean} in the platform MBean server. JMX is a view: a registration that fails
 * is logged and the job runs on.
 *
 * <p>Threads: the master's main thread registers, {@link #publish publishes} and unregisters; JMX
 * threads read the latest published figures (one volatile reference to an immutable value).
 */
final class JobJmx implements JobMXBean {

    private static final Logger LOG = LoggerFactory.getLogger(JobJmx.class);

    /**
     * The figures at one moment.
     *
     * @param durationMillis -1: the figures before the job was first sampled
     */
    record Figures(String status, long durationMillis, int tasksRunning, long recordsFromSources, long recordsIntoSinks,
            long checkpointsCompleted, long checkpointsFailed, long lastCheckpointDurationMillis, long lastCheckpointSizeBytes) {}

    private final ObjectName name;
    private final String jobName;
    private final long submitTime;
    private final int tasksTotal;
    private volatile Figures figures;
    private boolean registered;

    JobJmx(JobId job, String jobName, long submitTime, int tasksTotal) {
        this.name = name(job);
        this.jobName = jobName;
        this.submitTime = submitTime;
        this.tasksTotal = tasksTotal;
        this.figures = new Figures("CREATED", 0, 0, 0, 0, 0, 0, -1, -1);
    }

    static ObjectName name(JobId job) {
        try {
            return new ObjectName("io.eddy:type=Job,job=" + job);
        } catch (JMException e) {
            throw new IllegalStateException("Bug: job " + job + " gives no valid MBean name", e);
        }
    }

    void register() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, name);
            registered = true;
        } catch (InstanceAlreadyExistsException e) {
            LOG.warn("JMX: an MBean named {} exists already; job '{}' is not shown over JMX", name, jobName);
        } catch (JMException | SecurityException e) {
            LOG.warn("JMX: registering job '{}' failed; it is not shown over JMX: {}", jobName, e.toString());
        }
    }

    void publish(Figures now) {
        figures = now;
    }

    void unregister() {
        if (!registered) {
            return;
        }
        registered = false;
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
        } catch (InstanceNotFoundException e) {
            LOG.debug("JMX: {} was removed by someone else", name);
        } catch (JMException | SecurityException e) {
            LOG.warn("JMX: removing {} failed: {}", name, e.toString());
        }
    }

    @Override
    public String getName() {
        return jobName;
    }

    @Override
    public String getStatus() {
        return figures.status();
    }

    @Override
    public long getSubmitTime() {
        return submitTime;
    }

    @Override
    public long getDurationMillis() {
        return figures.durationMillis();
    }

    @Override
    public int getTasksRunning() {
        return figures.tasksRunning();
    }

    @Override
    public int getTasksTotal() {
        return tasksTotal;
    }

    @Override
    public long getRecordsFromSources() {
        return figures.recordsFromSources();
    }

    @Override
    public long getRecordsIntoSinks() {
        return figures.recordsIntoSinks();
    }

    @Override
    public long getCheckpointsCompleted() {
        return figures.checkpointsCompleted();
    }

    @Override
    public long getCheckpointsFailed() {
        return figures.checkpointsFailed();
    }

    @Override
    public long getLastCheckpointDurationMillis() {
        return figures.lastCheckpointDurationMillis();
    }

    @Override
    public long getLastCheckpointSizeBytes() {
        return figures.lastCheckpointSizeBytes();
    }
}
