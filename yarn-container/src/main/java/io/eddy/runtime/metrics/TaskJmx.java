package io.eddy.runtime.metrics;

import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.tasks.TaskIoCounters;
import java.lang.management.ManagementFactory;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers a task attempt's {@link TaskIoMXBean} with the JVM's platform MBean server, and removes
 * it when the task ends. JMX is a view: a registration that fails (a name taken by another JVM
 * user, a security manager) is logged and the task runs on.
 */
public final class TaskJmx {

    private static final Logger LOG = LoggerFactory.getLogger(TaskJmx.class);

    private TaskJmx() {}

    /** The MBean name of {@code task}'s attempt. */
    public static ObjectName name(TaskId task) {
        try {
            return new ObjectName("io.eddy:type=Task,job=" + task.job() + ",vertex=" + task.vertex() + ",subtask=" + task.subtask()
                    + ",attempt=" + task.attempt());
        } catch (JMException e) {
            throw new IllegalStateException("Bug: task " + task + " gives no valid MBean name", e);
        }
    }

    /** Registers the MBean of {@code task} reading {@code counters}; returns whether it is registered. */
    public static boolean register(TaskId task, String taskName, TaskIoCounters counters) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            server.registerMBean(new View(taskName, counters), name(task));
            return true;
        } catch (InstanceAlreadyExistsException e) {
            LOG.warn("JMX: an MBean named {} exists already; task {} '{}' is not shown over JMX", name(task), task, taskName);
        } catch (JMException | SecurityException e) {
            LOG.warn("JMX: registering task {} '{}' failed; it is not shown over JMX: {}", task, taskName, e.toString());
        }
        return false;
    }

    /** Removes the MBean of {@code task}, if registered. */
    public static void unregister(TaskId task) {
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(name(task));
        } catch (InstanceNotFoundException e) {
            // never registered (see register), or removed already: nothing to do
        } catch (JMException | SecurityException e) {
            LOG.warn("JMX: removing the MBean of task {} failed: {}", task, e.toString());
        }
    }

    private record View(String taskName, TaskIoCounters counters) implements TaskIoMXBean {

        @Override
        public String getTaskName() {
            return taskName;
        }

        @Override
        public long getRecordsIn() {
            return counters.recordsIn();
        }

        @Override
        public long getRecordsOut() {
            return counters.recordsOut();
        }

        @Override
        public long getBackPressuredMillis() {
            return counters.backPressuredNanos() / 1_000_000;
        }

        @Override
        public long getBytesIn() {
            return counters.bytesIn();
        }

        @Override
        public long getBytesOut() {
            return counters.bytesOut();
        }

        @Override
        public double getInputPoolUsage() {
            return counters.inputBuffers().ratio();
        }

        @Override
        public double getOutputPoolUsage() {
            return counters.outputBuffers().ratio();
        }
    }
}
